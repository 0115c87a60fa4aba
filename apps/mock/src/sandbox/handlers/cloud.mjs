// cloud/db/get, cloud/stack/backup, cloud/stack/copy.
import { timestamp } from '../records.mjs';

const NEVER = '0000-00-00 00:00:00';

export function getDatabase({ server_name: server, mysql_host: host, database }, { state, reply }) {
  const found = state.read('databases').find((d) => d.server_name === server && d.mysql_host === host && d.db_name === database);
  return found ? reply.ok(found) : reply.fail('databaseNotFound');
}

export function backupStack({ server, name }, { state, reply }) {
  // The containers to back up are not checked: the description documents no failure for them.
  if (!findStack(state, server, name)) return reply.fail('stackNotFound');
  return reply.ok({ job_id: state.next('job_id') });
}

export function copyStack({ source_server: source, name, destination_server: destinationName, label, params = {} }, { state, reply, now }) {
  const stack = findStack(state, source, name);
  if (!stack) return reply.fail('stackNotFound');
  const destination = state.read('servers').find((s) => s.name === destinationName);
  if (!destination) return reply.fail('serverNotFound');
  const copyName = freeStackName(state, destination.name, label);
  // Container shop-web of stack shop becomes shop-staging-web of stack shop-staging.
  const containers = stack.containers.map((c) => (c.startsWith(`${stack.name}-`) ? copyName + c.slice(stack.name.length) : `${copyName}-${c}`));
  state.write('stacks').push({ server: destination.name, name: copyName, label, containers });
  // Cloned databases (params[databases][n]) become databases of the destination server, with
  // the grants of params[database_users][n] copied from the users named in clone_grants_from.
  const databases = state.read('databases');
  const added = [];
  for (const entry of Object.values(params.databases ?? {})) {
    const origin = databases.find((d) => d.server_name === source && d.db_name === entry.clone_db_from);
    if (!entry.db_name || !origin) continue;
    const host = entry.mysql_host || origin.mysql_host;
    const users = Object.values(params.database_users ?? {}).filter((user) => user.database === entry.db_name && user.username);
    added.push({
      ...origin,
      db_name: entry.db_name,
      mysql_host: host,
      size: null,
      server_id: destination.server_id,
      server_name: destination.name,
      server_label: destination.label,
      pending: null,
      is_missing: '0',
      date_added: timestamp(now),
      date_updated: NEVER,
      container: entry.origin_container || origin.container,
      grants: users.map((user) => ({
        db_name: entry.db_name,
        username: user.username,
        host: '%',
        mysql_host: user.mysql_host || host,
        grants: [...(origin.grants.find((g) => g.username === user.clone_grants_from)?.grants ?? [])],
        pending: null,
        is_missing: '0',
        date_added: timestamp(now),
        date_updated: NEVER,
      })),
    });
  }
  const fresh = added.filter((d) => !databases.some((e) => e.server_name === d.server_name && e.mysql_host === d.mysql_host && e.db_name === d.db_name));
  if (fresh.length) state.write('databases').push(...fresh);
  return reply.ok({ job_id: state.next('job_id'), destination_stack: copyName });
}

const findStack = (state, server, name) => state.read('stacks').find((s) => s.server === server && s.name === name);

/** A stack name from the label (`Shop staging` → `shop-staging`), unique on the server. */
function freeStackName(state, server, label) {
  const base = label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'stack';
  const taken = (name) => state.read('stacks').some((s) => s.server === server && s.name === name);
  let name = base;
  for (let n = 2; taken(name); n++) name = `${base}-${n}`;
  return name;
}
