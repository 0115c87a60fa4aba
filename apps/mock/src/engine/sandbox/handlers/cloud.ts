// cloud/db/get, cloud/stack/backup, cloud/stack/copy.
import type { Node } from '../../api.ts';
import { NEVER, timestamp } from '../records.ts';
import type { KeyState } from '../store.ts';
import type { Handler } from './context.ts';

export const getDatabase: Handler = ({ server_name: server, mysql_host: host, database }, { state, reply }) => {
  const found = findDatabase(state, server, host, database);
  return found ? reply.ok(found) : reply.fail('databaseNotFound');
};

export const backupStack: Handler = ({ server, name }, { state, reply }) => {
  // The containers to back up are not checked: the description documents no failure for them.
  if (!findStack(state, server, name)) return reply.fail('stackNotFound');
  return reply.ok({ job_id: state.next('job_id') });
};

export const copyStack: Handler = (
  { source_server: source, name, destination_server: destinationName, label, params = {} },
  { state, reply, now },
) => {
  const stack = findStack(state, source, name);
  if (!stack) return reply.fail('stackNotFound');
  const destination = state.read('servers').find((s) => s.name === destinationName);
  if (!destination) return reply.fail('serverNotFound');
  // Databases to clone (params[databases][n]) must be the source server's.
  const databases = state.read('databases');
  const entries = Object.values((params.databases ?? {}) as Record<string, Node>).map((entry) => ({
    entry,
    origin: databases.find((d) => d.server_name === source && d.db_name === entry.clone_db_from),
  }));
  if (entries.some(({ origin }) => !origin)) return reply.fail('databaseNotFound');

  const copyName = freeStackName(state, destination.name, label);
  // Container shop-web of stack shop becomes shop-staging-web of stack shop-staging.
  const containers = (stack.containers as string[]).map((c) =>
    c.startsWith(`${stack.name}-`) ? copyName + c.slice(stack.name.length) : `${copyName}-${c}`,
  );
  state.add('stacks', { server: destination.name, name: copyName, label, containers });
  const users = Object.values((params.database_users ?? {}) as Record<string, Node>);
  for (const { entry, origin } of entries) {
    const own = users.filter((user) => user.database === entry.db_name && user.username);
    const clone = clonedDatabase(origin as Node, entry, own, destination, timestamp(now));
    const exists = findDatabase(state, clone.server_name, clone.mysql_host, clone.db_name);
    if (entry.db_name && !exists) state.add('databases', clone);
  }
  return reply.ok({ job_id: state.next('job_id'), destination_stack: copyName });
};

/**
 * A database cloned onto the destination server, with a grant for each new user that copies
 * the privileges of the user named in its clone_grants_from.
 */
function clonedDatabase(origin: Node, entry: Node, users: Node[], destination: Node, added: string): Node {
  const host = entry.mysql_host || origin.mysql_host;
  const grantsOf = (username: string) => (origin.grants as Node[]).find((g) => g.username === username)?.grants ?? [];
  return {
    ...origin,
    db_name: entry.db_name,
    mysql_host: host,
    size: null,
    server_id: destination.server_id,
    server_name: destination.name,
    server_label: destination.label,
    pending: null,
    is_missing: '0',
    date_added: added,
    date_updated: NEVER,
    container: entry.origin_container || origin.container,
    grants: users.map((user) => ({
      db_name: entry.db_name,
      username: user.username,
      host: '%',
      mysql_host: user.mysql_host || host,
      grants: [...grantsOf(user.clone_grants_from)],
      pending: null,
      is_missing: '0',
      date_added: added,
      date_updated: NEVER,
    })),
  };
}

const findStack = (state: KeyState, server: string, name: string) =>
  state.read('stacks').find((s) => s.server === server && s.name === name);

const findDatabase = (state: KeyState, server: string, host: string, name: string) =>
  state.read('databases').find((d) => d.server_name === server && d.mysql_host === host && d.db_name === name);

/** A stack name from the label (`Shop staging` → `shop-staging`), unique on the server. */
function freeStackName(state: KeyState, server: string, label: string) {
  const base =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'stack';
  let name = base;
  for (let n = 2; findStack(state, server, name); n++) name = `${base}-${n}`;
  return name;
}
