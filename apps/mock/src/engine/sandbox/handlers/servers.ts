// server/list_servers, server/list_images, server/upgrade, server/upgrade_plan.
import type { Node } from '../../api.ts';
import type { Reply } from '../replies.ts';
import { contains, page, sorted } from '../list.ts';
import { diskOf, timestamp } from '../records.ts';
import type { KeyState } from '../store.ts';
import type { Handler } from './context.ts';

const POWER_STATES = ['On', 'Off'];
// Filters of list_servers that must equal the server's field.
const EXACT_FILTERS = ['location', 'location_node', 'product_type', 'product_code'];

export const listServers: Handler = ({ filters = {} }, { state, reply }) => {
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
};

export const listImages: Handler = ({ filters = {} }, { state, reply }) => {
  if (filters.location && !state.read<string[]>('locations').includes(filters.location))
    return reply.fail('invalidLocation');
  let images =
    filters.include_disabled === '1'
      ? [...state.read('images'), ...state.read('disabled_images')]
      : state.read('images');
  if (filters.type) images = images.filter((image) => image.type === filters.type);
  if (filters.os) images = images.filter((image) => image.os === filters.os);
  return reply.ok(page(sorted(images, filters), filters).data);
};

export const upgradeServer: Handler = ({ name, upgrade = {} }, { state, reply, now }) => {
  const found = findServer(state, name, reply);
  if ('refusal' in found) return found.refusal;
  const { server, index } = found;
  const changes: Node = {};
  const result = { cores: false, disk: {} as Record<string, boolean> };
  if (upgrade.cores !== undefined && Number(upgrade.cores) > Number(server.cores)) {
    changes.cores = String(Number(upgrade.cores));
    result.cores = true;
  }
  // upgrade[ram] is in GB, the server's ram in MB.
  if (upgrade.ram !== undefined && Number(upgrade.ram) * 1024 > Number(server.ram))
    changes.ram = String(Number(upgrade.ram) * 1024);
  const partitions: Node[] = structuredClone(server.partitions);
  // upgrade[disk][<name>] by partition name, or by index (upgrade[disk][0]: a map keyed by index).
  for (const [key, size] of Object.entries((upgrade.disk ?? {}) as Record<string, string>)) {
    const partition =
      partitions.find((p) => p.name === key) ?? (/^[0-9]+$/.test(key) ? partitions[Number(key)] : undefined);
    const grows = Boolean(partition && Number(size) > Number(partition.size));
    result.disk[key] = grows;
    if (partition && grows) partition.size = String(Number(size));
  }
  if (Object.values(result.disk).some(Boolean)) Object.assign(changes, { partitions, disk: diskOf(partitions) });
  if (Object.keys(changes).length) state.update('servers', index, { ...changes, date_updated: timestamp(now) });
  return reply.ok(result);
};

export const upgradeServerPlan: Handler = ({ name, plan: code }, { state, reply, now }) => {
  const found = findServer(state, name, reply);
  if ('refusal' in found) return found.refusal;
  const { server, index } = found;
  const plans = state.read('plans');
  const current = plans.find((p) => p.product_code === server.product_code);
  const plan = plans.find((p) => p.product_code === code);
  // A higher plan: one of the same product type with more memory.
  if (!plan || plan.product_type !== server.product_type || Number(plan.ram) <= Number(current?.ram))
    return reply.fail('planNotAvailable');
  const partitions: Node[] = structuredClone(server.partitions);
  // The plan's disk, if larger, grows the first partition.
  const first = partitions[0];
  if (first && plan.disk > server.disk) first.size = String(Number(first.size) + plan.disk - server.disk);
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
};

/** The client's server of that name, or the refusal: unknown (serverNotFound) or locked. */
function findServer(state: KeyState, name: string, reply: Reply) {
  const servers = state.read('servers');
  const index = servers.findIndex((s) => s.name === name);
  const server = servers[index];
  if (!server) return { refusal: reply.fail('serverNotFound') };
  if (server.locked === '1') return { refusal: reply.fail('serverLocked') };
  return { server, index };
}
