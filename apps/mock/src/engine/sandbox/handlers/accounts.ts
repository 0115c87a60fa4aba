// accounts/client/list_sub_accounts.
import { contains, page, sorted } from '../list.ts';
import type { Handler } from './context.ts';

const OPEN = '0000-00-00';

export const listSubAccounts: Handler = ({ filters = {} }, { state, reply }) => {
  let accounts = state.read('sub_accounts');
  if (filters.include_closed !== '1') accounts = accounts.filter((account) => account.closed === OPEN);
  if (filters.name) accounts = accounts.filter((account) => contains(account.name, filters.name));
  return reply.ok(page(sorted(accounts, filters), filters));
};
