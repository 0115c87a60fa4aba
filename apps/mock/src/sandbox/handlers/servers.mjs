// server/list_servers, server/list_images, server/upgrade, server/upgrade_plan.
import { contains, page, sorted } from '../list.mjs';
import { diskOf, timestamp } from '../records.mjs';

const POWER_STATES = ['On', 'Off'];
// Filters of list_servers that must equal the server's field.
const EXACT_FILTERS = ['location', 'location_node', 'product_type', 'product_code'];

export function listServers({ filters = {} }, { state, reply }) {
  let servers = state.read('servers');
  if (filters.state)
    servers = servers.filter((s) =>
      filters.state === 'Other' ? !POWER_STATES.includes(s.state) : s.state === filters.state,
    );
  if (filters.type) servers = servers.filter((s) => s.type.toLowerCase() === filters.type.toLowerCase());
  if (filters.name) servers = servers.filter((s) => contains(s.name, filters.name));
  for (const field of EXACT_FILTERS) if (filters[field]) servers = servers.filter((s) => s[field] === filters[field]);
  if (filters.updated_since) servers = servers.filter((s) => s.date_updated >= filters.updated_since);
  return reply.ok(page(sorted(servers, filters), filters));
}

export function listImages({ filters = {} }, { state, reply }) {
  if (filters.location && !state.read('locations').includes(filters.location)) return reply.fail('invalidLocation');
  let images =
    filters.include_disabled === '1'
      ? [...state.read('images'), ...state.read('disabled_images')]
      : state.read('images');
  if (filters.type) images = images.filter((image) => image.type === filters.type);
  if (filters.os) images = images.filter((image) => image.os === filters.os);
  return reply.ok(page(sorted(images, filters), filters).data);
}

export function upgradeServer({ name, upgrade = {} }, { state, reply, now }) {
  const found = findServer(state, name, reply);
  if (found.refusal) return found.refusal;
  const { server, index } = found;
  const changes = {};
  const result = { cores: false, disk: {} };
  if (upgrade.cores !== undefined && Number(upgrade.cores) > Number(server.cores)) {
    changes.cores = String(Number(upgrade.cores));
    result.cores = true;
  }
  // upgrade[ram] is in GB, the server's ram in MB.
  if (upgrade.ram !== undefined && Number(upgrade.ram) * 1024 > Number(server.ram))
    changes.ram = String(Number(upgrade.ram) * 1024);
  const partitions = structuredClone(server.partitions);
  // upgrade[disk][<name>] by partition name, or by index (upgrade[disk][0]: a map keyed by index).
  for (const [key, size] of Object.entries(upgrade.disk ?? {})) {
    const partition =
      partitions.find((p) => p.name === key) ?? (/^[0-9]+$/.test(key) ? partitions[Number(key)] : undefined);
    result.disk[key] = Boolean(partition && Number(size) > Number(partition.size));
    if (result.disk[key]) partition.size = String(Number(size));
  }
  if (Object.values(result.disk).some(Boolean)) Object.assign(changes, { partitions, disk: diskOf(partitions) });
  if (Object.keys(changes).length) state.update('servers', index, { ...changes, date_updated: timestamp(now) });
  return reply.ok(result);
}

export function upgradeServerPlan({ name, plan: code }, { state, reply, now }) {
  const found = findServer(state, name, reply);
  if (found.refusal) return found.refusal;
  const { server, index } = found;
  const plans = state.read('plans');
  const current = plans.find((p) => p.product_code === server.product_code);
  const plan = plans.find((p) => p.product_code === code);
  // A higher plan: one of the same product type with more memory.
  if (!plan || plan.product_type !== server.product_type || Number(plan.ram) <= Number(current.ram))
    return reply.fail('planNotAvailable');
  const partitions = structuredClone(server.partitions);
  // The plan's disk, if larger, grows the first partition.
  if (plan.disk > server.disk) partitions[0].size = String(Number(partitions[0].size) + plan.disk - server.disk);
  state.update('servers', index, {
    product_code: plan.product_code,
    product_name: plan.product_name,
    ram: plan.ram,
    cores: String(Math.max(Number(plan.cores), Number(server.cores))),
    partitions,
    disk: diskOf(partitions),
    date_updated: timestamp(now),
  });
  return reply.done();
}

/** The client's server of that name, or the refusal: unknown (serverNotFound) or locked. */
function findServer(state, name, reply) {
  const index = state.read('servers').findIndex((s) => s.name === name);
  if (index < 0) return { refusal: reply.fail('serverNotFound') };
  const server = state.read('servers')[index];
  if (server.locked === '1') return { refusal: reply.fail('serverLocked') };
  return { server, index };
}
