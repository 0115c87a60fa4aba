// bandwidth/get_usage_by_day.
import type { Node } from '../../api.ts';
import { day } from '../records.ts';
import type { Handler } from './context.ts';

// 9999-12-31 23:59:59 UTC: later epochs have no YYYY-MM-DD date.
const LAST_SECOND = 253402300799;

export const getBandwidthUsageByDay: Handler = ({ ip_addr: ipAddr, params = {} }, { state, reply }) => {
  const address = ipAddr.split('/')[0];
  if (!state.read('ips').some((ip) => ip.ip_addr === address)) return reply.fail('ipNotFound');
  const usage = Object.entries(state.read<Record<string, Node>>('bandwidth'));
  const recorded = usage.find(([key]) => key.split('/')[0] === address)?.[1] ?? {};
  // params[from] and params[to] are epoch seconds; a day is in when its date (UTC) is between theirs.
  const from = params.from === undefined ? '0000-00-00' : dateOf(params.from);
  const to = params.to === undefined ? '9999-12-31' : dateOf(params.to);
  const days = Object.fromEntries(Object.entries(recorded).filter(([date]) => date >= from && date <= to));
  return reply.ok({ [ipAddr]: days });
};

const dateOf = (seconds: string) => day(new Date(Math.min(Number(seconds), LAST_SECOND) * 1000));
