// Every handler of the sandbox, by operationId.
import { listSubAccounts } from './accounts.ts';
import { getBandwidthUsageByDay } from './bandwidth.ts';
import { backupStack, copyStack, getDatabase } from './cloud.ts';
import type { Handler } from './context.ts';
import { listDnsTemplates, listDomainsUsingTemplate, listIps, updateSoa } from './dns.ts';
import {
  cancelDomain,
  checkDomainAvailability,
  createDomain,
  getDomain,
  getPricingTiers,
  updateDomainContact,
} from './domains.ts';
import { listMailDomains } from './mail.ts';
import { listImages, listServers, upgradeServer, upgradeServerPlan } from './servers.ts';
import { addSshKey, getSshKey } from './ssh.ts';

export type { Context, Handler } from './context.ts';

export const HANDLERS: ReadonlyMap<string, Handler> = new Map(
  Object.entries({
    listServers,
    listImages,
    upgradeServer,
    upgradeServerPlan,
    listIps,
    listDnsTemplates,
    listDomainsUsingTemplate,
    updateSoa,
    getPricingTiers,
    getDomain,
    checkDomainAvailability,
    createDomain,
    cancelDomain,
    updateDomainContact,
    listSubAccounts,
    getSshKey,
    addSshKey,
    getDatabase,
    backupStack,
    copyStack,
    getBandwidthUsageByDay,
    listMailDomains,
  }),
);
