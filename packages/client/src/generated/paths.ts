// Generated from the bundled OpenAPI description by scripts/generate.mjs. Do not edit.
/* eslint-disable */
import type { paths } from '@hostapi/types';
import type { PathGet, PathPost } from '../paths.js';
import type {
  ListImagesInput,
  ListServersInput,
  UpgradeServerInput,
  UpgradeServerPlanInput,
  ListIpsInput,
  ListDomainsUsingTemplateInput,
  ListDnsTemplatesInput,
  UpdateSoaInput,
  GetPricingTiersInput,
  GetDomainInput,
  CheckDomainAvailabilityInput,
  CreateDomainInput,
  CancelDomainInput,
  UpdateDomainContactInput,
  ListSubAccountsInput,
  GetSshKeyInput,
  AddSshKeyInput,
  GetDatabaseInput,
  BackupStackInput,
  CopyStackInput,
  GetBandwidthUsageByDayInput,
  ListMailDomainsInput,
} from './api.js';

/** The description's paths as the typed path client (createPathClient) takes them: inputs as in api.ts. */
export interface ClientPaths {
  "/1.5/server/list_images.json": Omit<paths["/1.5/server/list_images.json"], 'get'> & { get: PathGet<'listImages', ListImagesInput> };
  "/1.3/server/list_servers.json": Omit<paths["/1.3/server/list_servers.json"], 'get'> & { get: PathGet<'listServers', ListServersInput> };
  "/1.2/server/upgrade.json": Omit<paths["/1.2/server/upgrade.json"], 'post'> & { post: PathPost<'upgradeServer', UpgradeServerInput> };
  "/1.3/server/upgrade_plan.json": Omit<paths["/1.3/server/upgrade_plan.json"], 'post'> & { post: PathPost<'upgradeServerPlan', UpgradeServerPlanInput> };
  "/1.5/dns/list_ips.json": Omit<paths["/1.5/dns/list_ips.json"], 'get'> & { get: PathGet<'listIps', ListIpsInput> };
  "/1.5/dns/list_domains_using_template.json": Omit<paths["/1.5/dns/list_domains_using_template.json"], 'get'> & { get: PathGet<'listDomainsUsingTemplate', ListDomainsUsingTemplateInput> };
  "/1.5/dns/domain_templates/list_templates.json": Omit<paths["/1.5/dns/domain_templates/list_templates.json"], 'get'> & { get: PathGet<'listDnsTemplates', ListDnsTemplatesInput> };
  "/1.0/dns/update_soa.json": Omit<paths["/1.0/dns/update_soa.json"], 'post'> & { post: PathPost<'updateSoa', UpdateSoaInput> };
  "/1.2/srs/get_pricing_tiers.json": Omit<paths["/1.2/srs/get_pricing_tiers.json"], 'get'> & { get: PathGet<'getPricingTiers', GetPricingTiersInput> };
  "/1.3/srs/get_domain.json": Omit<paths["/1.3/srs/get_domain.json"], 'get'> & { get: PathGet<'getDomain', GetDomainInput> };
  "/1.3/srs/domain_tlds_available.json": Omit<paths["/1.3/srs/domain_tlds_available.json"], 'get'> & { get: PathGet<'checkDomainAvailability', CheckDomainAvailabilityInput> };
  "/1.2/srs/create_domain.json": Omit<paths["/1.2/srs/create_domain.json"], 'post'> & { post: PathPost<'createDomain', CreateDomainInput> };
  "/1.0/srs/cancel_domain.json": Omit<paths["/1.0/srs/cancel_domain.json"], 'post'> & { post: PathPost<'cancelDomain', CancelDomainInput> };
  "/1.2/srs/update_contact.json": Omit<paths["/1.2/srs/update_contact.json"], 'post'> & { post: PathPost<'updateDomainContact', UpdateDomainContactInput> };
  "/1.2/accounts/client/list_sub_accounts.json": Omit<paths["/1.2/accounts/client/list_sub_accounts.json"], 'get'> & { get: PathGet<'listSubAccounts', ListSubAccountsInput> };
  "/1.3/ssh/key/get.json": Omit<paths["/1.3/ssh/key/get.json"], 'get'> & { get: PathGet<'getSshKey', GetSshKeyInput> };
  "/1.2/ssh/key/add.json": Omit<paths["/1.2/ssh/key/add.json"], 'post'> & { post: PathPost<'addSshKey', AddSshKeyInput> };
  "/1.5/cloud/db/get.json": Omit<paths["/1.5/cloud/db/get.json"], 'get'> & { get: PathGet<'getDatabase', GetDatabaseInput> };
  "/1.2/cloud/stack/backup.json": Omit<paths["/1.2/cloud/stack/backup.json"], 'post'> & { post: PathPost<'backupStack', BackupStackInput> };
  "/1.1/cloud/stack/copy.json": Omit<paths["/1.1/cloud/stack/copy.json"], 'post'> & { post: PathPost<'copyStack', CopyStackInput> };
  "/1.5/bandwidth/get_usage_by_day.json": Omit<paths["/1.5/bandwidth/get_usage_by_day.json"], 'get'> & { get: PathGet<'getBandwidthUsageByDay', GetBandwidthUsageByDayInput> };
  "/1.3/mail/list_domains.json": Omit<paths["/1.3/mail/list_domains.json"], 'get'> & { get: PathGet<'listMailDomains', ListMailDomainsInput> };
}
