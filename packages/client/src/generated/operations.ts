// Generated from the bundled OpenAPI description by scripts/generate.mjs. Do not edit.
/* eslint-disable */

/**
 * Method, path, operation method (`call`, and `callAll` for the walk over every page of a
 * paged list) and, for POST, the order of form fields (see FormShape) of every operation.
 */
export const OPERATIONS = {
  "listImages": {
    "method": "GET",
    "path": "/1.5/server/list_images.json",
    "call": "servers.listImages"
  },
  "listServers": {
    "method": "GET",
    "path": "/1.3/server/list_servers.json",
    "call": "servers.list",
    "callAll": "servers.listAll"
  },
  "upgradeServer": {
    "method": "POST",
    "path": "/1.2/server/upgrade.json",
    "call": "servers.upgrade",
    "form": {
      "apikey": 0,
      "client_id": 0,
      "name": 0,
      "upgrade": {
        "cores": 0,
        "ram": 0,
        "disk": 0
      }
    }
  },
  "upgradeServerPlan": {
    "method": "POST",
    "path": "/1.3/server/upgrade_plan.json",
    "call": "servers.upgradePlan",
    "form": {
      "apikey": 0,
      "client_id": 0,
      "name": 0,
      "plan": 0
    }
  },
  "listIps": {
    "method": "GET",
    "path": "/1.5/dns/list_ips.json",
    "call": "dns.listIps"
  },
  "listDomainsUsingTemplate": {
    "method": "GET",
    "path": "/1.5/dns/list_domains_using_template.json",
    "call": "dns.listDomainsUsingTemplate"
  },
  "listDnsTemplates": {
    "method": "GET",
    "path": "/1.5/dns/domain_templates/list_templates.json",
    "call": "dns.listTemplates"
  },
  "updateSoa": {
    "method": "POST",
    "path": "/1.0/dns/update_soa.json",
    "call": "dns.updateSoa",
    "form": {
      "apikey": 0,
      "client_id": 0,
      "domain": 0,
      "ns": 0,
      "email": 0,
      "refresh": 0,
      "retry": 0,
      "expire": 0,
      "minimum": 0,
      "ttl": 0
    }
  },
  "getPricingTiers": {
    "method": "GET",
    "path": "/1.2/srs/get_pricing_tiers.json",
    "call": "domains.getPricingTiers"
  },
  "getDomain": {
    "method": "GET",
    "path": "/1.3/srs/get_domain.json",
    "call": "domains.get"
  },
  "checkDomainAvailability": {
    "method": "GET",
    "path": "/1.3/srs/domain_tlds_available.json",
    "call": "domains.checkAvailability"
  },
  "createDomain": {
    "method": "POST",
    "path": "/1.2/srs/create_domain.json",
    "call": "domains.create",
    "form": {
      "apikey": 0,
      "client_id": 0,
      "domain": 0,
      "term": 0,
      "registrant_contact": 0,
      "params": {
        "RegisterExpired": 0,
        "AdminContact": 0,
        "TechContact": 0,
        "BillingContact": 0,
        "protect": 0,
        "auid_type": 0,
        "auid_value": 0,
        "auid_reason": 0,
        "auid_cname": 0,
        "auid_ctype": 0
      }
    }
  },
  "cancelDomain": {
    "method": "POST",
    "path": "/1.0/srs/cancel_domain.json",
    "call": "domains.cancel",
    "form": {
      "apikey": 0,
      "client_id": 0,
      "domain": 0
    }
  },
  "updateDomainContact": {
    "method": "POST",
    "path": "/1.2/srs/update_contact.json",
    "call": "domains.updateContact",
    "form": {
      "apikey": 0,
      "client_id": 0,
      "contact_id": 0,
      "params": {
        "Name": 0,
        "Email": 0,
        "Organization": 0,
        "PostalAddress": 0,
        "PostalAddress2": 0,
        "Suburb": 0,
        "City": 0,
        "Country": 0,
        "PostCode": 0,
        "Province": 0,
        "Phone": {
          "Country": 0,
          "Area": 0,
          "Local": 0,
          "Extension": 0
        },
        "Fax": {
          "Country": 0,
          "Area": 0,
          "Local": 0,
          "Extension": 0
        },
        "Mobile": {
          "Country": 0,
          "Area": 0,
          "Local": 0,
          "Extension": 0
        }
      }
    }
  },
  "listSubAccounts": {
    "method": "GET",
    "path": "/1.2/accounts/client/list_sub_accounts.json",
    "call": "accounts.listSubAccounts",
    "callAll": "accounts.listAllSubAccounts"
  },
  "getSshKey": {
    "method": "GET",
    "path": "/1.3/ssh/key/get.json",
    "call": "sshKeys.get"
  },
  "addSshKey": {
    "method": "POST",
    "path": "/1.2/ssh/key/add.json",
    "call": "sshKeys.add",
    "form": {
      "apikey": 0,
      "client_id": 0,
      "label": 0,
      "content": 0,
      "params": {
        "custom_image_access": 0
      }
    }
  },
  "getDatabase": {
    "method": "GET",
    "path": "/1.5/cloud/db/get.json",
    "call": "cloud.getDatabase"
  },
  "backupStack": {
    "method": "POST",
    "path": "/1.2/cloud/stack/backup.json",
    "call": "cloud.backupStack",
    "form": {
      "apikey": 0,
      "client_id": 0,
      "server": 0,
      "name": 0,
      "containers": 0,
      "params": {
        "label": 0
      }
    }
  },
  "copyStack": {
    "method": "POST",
    "path": "/1.1/cloud/stack/copy.json",
    "call": "cloud.copyStack",
    "form": {
      "apikey": 0,
      "client_id": 0,
      "source_server": 0,
      "name": 0,
      "destination_server": 0,
      "label": 0,
      "params": {
        "the service": "[]",
        "copy_env_file": 0,
        "shutdown": 0,
        "databases": {
          "clone_db_from": 0,
          "mysql_host": 0,
          "db_name": 0,
          "origin_container": 0
        },
        "database_users": {
          "clone_grants_from": 0,
          "mysql_host": 0,
          "username": 0,
          "password": 0,
          "database": 0
        }
      }
    }
  },
  "getBandwidthUsageByDay": {
    "method": "GET",
    "path": "/1.5/bandwidth/get_usage_by_day.json",
    "call": "bandwidth.getUsageByDay"
  },
  "listMailDomains": {
    "method": "GET",
    "path": "/1.3/mail/list_domains.json",
    "call": "mail.listDomains"
  }
} as const;

/** The first server of the description. */
export const DEFAULT_BASE_URL = "https://api.hostapi.example";

/**
 * How the service's rate-limit messages (HTTP 500) begin, in any case: their first sentence, so
 * that a reworded ending still matches.
 */
export const RATE_LIMIT = /^(You have exceeded the number of requests per second for this key)/i;
