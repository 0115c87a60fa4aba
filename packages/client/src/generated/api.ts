// Generated from the bundled OpenAPI description by scripts/generate.mjs. Do not edit.
/* eslint-disable */
import type { Operation, PagedOperation, Switch } from '../types.js';

/**
 * What `servers.listImages` takes: the query of `GET /1.5/server/list_images.json`, without
 * `apikey` (the client adds it).
 */
export interface ListImagesInput {
  /** Narrow, sort and page the list, sent as `filters[type]=distro&filters[os]=ubuntu`. */
  filters?: {
    /**
     * Only images of this type; `distro` is the value used. Sent as `filters[type]`.
     *
     * @example "distro"
     */
    type?: string;
    /**
     * Only images of this operating system. Sent as `filters[os]`.
     *
     * @example "ubuntu"
     */
    os?: string;
    /**
     * Include disabled images (`"1"` yes, `"0"` no). Sent as `filters[include_disabled]`.
     *
     * @example "1"
     */
    include_disabled?: string;
    /**
     * Only images available at this location code. Sent as `filters[location]`.
     *
     * @example "AKL1"
     */
    location?: string;
    /**
     * Name of the field to sort by (`filters[sort_by]`). Allowed values are not documented.
     *
     * @example "name"
     */
    sort_by?: string;
    /** Sort direction (`filters[sort_dir]`). */
    sort_dir?: "ASC" | "DESC";
    /**
     * Records per page (`filters[page_size]`). The service documents no default or maximum.
     *
     * @example 2
     */
    page_size?: number;
    /**
     * Page to return, counted from 1 (`filters[page_number]`).
     *
     * @example 1
     */
    page_number?: number;
  };
}

/**
 * What `servers.list` takes: the query of `GET /1.3/server/list_servers.json`, without `apikey`
 * (the client adds it).
 */
export interface ListServersInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /** Narrow, sort and page the list, sent as `filters[state]=On&filters[page_size]=50`. */
  filters?: {
    /** Only servers in this power state. Sent as `filters[state]`. */
    state?: "On" | "Off" | "Other";
    /**
     * Only servers of this type, for example `VPS`. Sent as `filters[type]`.
     *
     * @example "VPS"
     */
    type?: string;
    /**
     * Only servers whose name matches this text. Sent as `filters[name]`.
     *
     * @example "web"
     */
    name?: string;
    /**
     * Only servers at this location code. Sent as `filters[location]`.
     *
     * @example "AKL1"
     */
    location?: string;
    /**
     * Only servers on this location node. Sent as `filters[location_node]`.
     *
     * @example "akl1-node04"
     */
    location_node?: string;
    /**
     * Kind of product a server is: `LINVPS` Linux VPS, `WINVPS` Windows VPS, `CLHOST` Cloud Hosting,
     * `CLDCON` Cloud Container, `VDSERV` Virtual Dedicated, `SERVER` Dedicated, `COLO` Colocated,
     * `CLENT` Enterprise Cloud, `PCLOUD` Private Cloud. Sent as `filters[product_type]`.
     */
    product_type?: "LINVPS" | "WINVPS" | "CLHOST" | "CLDCON" | "VDSERV" | "SERVER" | "COLO" | "CLENT" | "PCLOUD";
    /**
     * Only servers using this product code. Sent as `filters[product_code]`.
     *
     * @example "VPS-4G"
     */
    product_code?: string;
    /**
     * Only servers changed on or after this time (`YYYY-MM-DD HH:MM:SS`). Sent as
     * `filters[updated_since]`.
     *
     * @example "2026-03-14 09:26:53"
     */
    updated_since?: string;
    /**
     * Name of the field to sort by (`filters[sort_by]`). Allowed values are not documented.
     *
     * @example "name"
     */
    sort_by?: string;
    /** Sort direction (`filters[sort_dir]`). */
    sort_dir?: "ASC" | "DESC";
    /**
     * Records per page (`filters[page_size]`). The service documents no default or maximum.
     *
     * @example 2
     */
    page_size?: number;
    /**
     * Page to return, counted from 1 (`filters[page_number]`).
     *
     * @example 1
     */
    page_number?: number;
  };
}

/**
 * What `servers.upgrade` takes: the form fields of `POST /1.2/server/upgrade.json`, without
 * `apikey` (the client adds it).
 */
export interface UpgradeServerInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /**
   * Name of the server to upgrade.
   *
   * @example "web01"
   */
  name: string;
  /**
   * The components to change, sent as `upgrade[cores]`, `upgrade[ram]`, `upgrade[disk][<disk
   * name>]`.
   */
  upgrade?: {
    /**
     * New number of cores. Sent as `upgrade[cores]`.
     *
     * @example 4
     */
    cores?: number;
    /**
     * New amount of memory in GB. Sent as `upgrade[ram]`.
     *
     * @example "8"
     */
    ram?: string;
    /** New size in GB of each disk to grow, under its name (or its index): `upgrade[disk][xvda1]=120`. */
    disk?: {
      [key: string]: number;
    };
  };
}

/**
 * What `servers.upgradePlan` takes: the form fields of `POST /1.3/server/upgrade_plan.json`,
 * without `apikey` (the client adds it).
 */
export interface UpgradeServerPlanInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /**
   * Name of the server to upgrade.
   *
   * @example "web01"
   */
  name: string;
  /**
   * Product code of the new plan.
   *
   * @example "VPS-8G"
   */
  plan: string;
}

/**
 * What `dns.listIps` takes: the query of `GET /1.5/dns/list_ips.json`, without `apikey` (the
 * client adds it).
 */
export interface ListIpsInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /** Sorting and paging, sent as `filters[sort_by]=...&filters[page_size]=...`. */
  filters?: {
    /**
     * Name of the field to sort by (`filters[sort_by]`). Allowed values are not documented.
     *
     * @example "name"
     */
    sort_by?: string;
    /** Sort direction (`filters[sort_dir]`). */
    sort_dir?: "ASC" | "DESC";
    /**
     * Records per page (`filters[page_size]`). The service documents no default or maximum.
     *
     * @example 2
     */
    page_size?: number;
    /**
     * Page to return, counted from 1 (`filters[page_number]`).
     *
     * @example 1
     */
    page_number?: number;
  };
}

/**
 * What `dns.listDomainsUsingTemplate` takes: the query of `GET
 * /1.5/dns/list_domains_using_template.json`, without `apikey` (the client adds it).
 */
export interface ListDomainsUsingTemplateInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /**
   * The template, as `list_templates` lists it (`template_id`, a string of digits) or as a number.
   *
   * @example 12
   */
  template_id: number | string;
}

/**
 * What `dns.listTemplates` takes: the query of `GET
 * /1.5/dns/domain_templates/list_templates.json`, without `apikey` (the client adds it).
 */
export interface ListDnsTemplatesInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
}

/**
 * What `dns.updateSoa` takes: the form fields of `POST /1.0/dns/update_soa.json`, without `apikey`
 * (the client adds it).
 */
export interface UpdateSoaInput {
  /**
   * The client that owns the record.
   *
   * @example 293
   */
  client_id: number | string;
  /**
   * The zone whose SOA record changes.
   *
   * @example "example.co.nz"
   */
  domain: string;
  /**
   * Primary name server.
   *
   * @example "ns1.hostapi.example"
   */
  ns: string;
  /**
   * Contact address of the zone.
   *
   * @example "hostmaster@example.co.nz"
   */
  email: string;
  /**
   * Seconds between secondaries' checks for changes.
   *
   * @example 10800
   */
  refresh: number;
  /**
   * Seconds before a failed refresh is retried.
   *
   * @example 3600
   */
  retry: number;
  /**
   * Seconds after which secondaries stop answering without a refresh.
   *
   * @example 604800
   */
  expire: number;
  /**
   * Minimum (negative-caching) time in seconds.
   *
   * @example 3600
   */
  minimum: number;
  /**
   * Time-to-live of the record in seconds.
   *
   * @example 3600
   */
  ttl?: number;
}

/**
 * What `domains.getPricingTiers` takes: the query of `GET /1.2/srs/get_pricing_tiers.json`,
 * without `apikey` (the client adds it).
 */
export interface GetPricingTiersInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
}

/**
 * What `domains.get` takes: the query of `GET /1.3/srs/get_domain.json`, without `apikey` (the
 * client adds it).
 */
export interface GetDomainInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /**
   * Domain name, without a trailing dot.
   *
   * @example "example.co.nz"
   */
  domain: string;
}

/**
 * What `domains.checkAvailability` takes: the query of `GET /1.3/srs/domain_tlds_available.json`,
 * without `apikey` (the client adds it).
 */
export interface CheckDomainAvailabilityInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /**
   * Domain name, without a trailing dot.
   *
   * @example "example.co.nz"
   */
  domain: string;
  /**
   * Other top-level domains to check the same name under, sent indexed from 0:
   * `additional_tlds[0]=nz&additional_tlds[1]=com`.
   *
   * @example ["nz","com"]
   */
  additional_tlds?: string[];
  /** `1` to ask for suggestions, `0` not to. `true` and `false` are sent as `1` and `0`. */
  suggest?: Switch;
}

/**
 * What `domains.create` takes: the form fields of `POST /1.2/srs/create_domain.json`, without
 * `apikey` (the client adds it).
 */
export interface CreateDomainInput {
  /**
   * The client that will own the domain.
   *
   * @example 293
   */
  client_id: number | string;
  /**
   * Domain name to register.
   *
   * @example "harbourtrading.com"
   */
  domain: string;
  /**
   * Registration term in months.
   *
   * @example 12
   */
  term: number;
  /**
   * Contact ID of the registrant.
   *
   * @example 3310
   */
  registrant_contact: number | string;
  /** Optional settings, sent as `params[<name>]`. */
  params?: {
    /**
     * `1` to register the domain when it becomes available, `0` not to. `true` and `false` are sent as
     * `1` and `0`. Sent as `params[RegisterExpired]`.
     */
    RegisterExpired?: Switch;
    /**
     * Contact ID of the administrative contact. Sent as `params[AdminContact]`.
     *
     * @example 3310
     */
    AdminContact?: number | string;
    /**
     * Contact ID of the technical contact. Sent as `params[TechContact]`.
     *
     * @example 3311
     */
    TechContact?: number | string;
    /**
     * Contact ID of the billing contact. Sent as `params[BillingContact]`.
     *
     * @example 3310
     */
    BillingContact?: number | string;
    /**
     * Privacy protection, `1` yes or `0` no. `true` and `false` are sent as `1` and `0`. Sent as
     * `params[protect]`.
     */
    protect?: Switch;
    /**
     * Australian business number type (`.au` only). Sent as `params[auid_type]`.
     *
     * @example "ABN"
     */
    auid_type?: string;
    /**
     * Australian business number (`.au` only). Sent as `params[auid_value]`.
     *
     * @example "51824753556"
     */
    auid_value?: string;
    /**
     * Australian domain eligibility reason (`.au` only). Sent as `params[auid_reason]`.
     *
     * @example "Close and substantial connection"
     */
    auid_reason?: string;
    /**
     * Australian company name (`.au` only). Sent as `params[auid_cname]`.
     *
     * @example "Harbour Trading Pty Ltd"
     */
    auid_cname?: string;
    /**
     * Australian company type (`.au` only). Sent as `params[auid_ctype]`.
     *
     * @example "Company"
     */
    auid_ctype?: string;
  };
}

/**
 * What `domains.cancel` takes: the form fields of `POST /1.0/srs/cancel_domain.json`, without
 * `apikey` (the client adds it).
 */
export interface CancelDomainInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /**
   * Domain to cancel.
   *
   * @example "oldbrand.co.nz"
   */
  domain: string;
}

/**
 * What `domains.updateContact` takes: the form fields of `POST /1.2/srs/update_contact.json`,
 * without `apikey` (the client adds it).
 */
export interface UpdateDomainContactInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /**
   * The contact to change, as answers give it (`ContactID`, a string of digits) or as a number.
   *
   * @example 3310
   */
  contact_id: number | string;
  /** The details to change, sent as `params[Name]`, `params[Phone][Country]`, ... */
  params?: {
    /**
     * Full name of the contact. Sent as `params[Name]`.
     *
     * @example "Aroha Ngata"
     */
    Name?: string;
    /**
     * Email address of the contact. Sent as `params[Email]`.
     *
     * @example "hostmaster@example.co.nz"
     */
    Email?: string;
    /**
     * Organisation the contact belongs to. Sent as `params[Organization]`.
     *
     * @example "Harbour Trading Ltd"
     */
    Organization?: string;
    /**
     * First line of the postal address. Sent as `params[PostalAddress]`.
     *
     * @example "12 Quay Street"
     */
    PostalAddress?: string;
    /**
     * Second line of the postal address. Sent as `params[PostalAddress2]`.
     *
     * @example "Level 3"
     */
    PostalAddress2?: string;
    /**
     * Suburb of the postal address. Sent as `params[Suburb]`.
     *
     * @example "Auckland Central"
     */
    Suburb?: string;
    /**
     * City of the postal address. Sent as `params[City]`.
     *
     * @example "Auckland"
     */
    City?: string;
    /**
     * Two-letter country code. Sent as `params[Country]`.
     *
     * @example "NZ"
     */
    Country?: string;
    /**
     * Postcode of the postal address. Sent as `params[PostCode]`.
     *
     * @example "1010"
     */
    PostCode?: string;
    /**
     * Province, state or region of the postal address. Sent as `params[Province]`.
     *
     * @example "Auckland"
     */
    Province?: string;
    /** Phone number, in parts. Sent as `params[Phone]`. */
    Phone?: {
      /**
       * Country calling code, without `+`. Sent as `params[Phone][Country]`.
       *
       * @example "64"
       */
      Country?: string;
      /**
       * Area code. Sent as `params[Phone][Area]`.
       *
       * @example "9"
       */
      Area?: string;
      /**
       * Local number. Sent as `params[Phone][Local]`.
       *
       * @example "3095550"
       */
      Local?: string;
      /**
       * Extension, if any. Sent as `params[Phone][Extension]`.
       *
       * @example ""
       */
      Extension?: string;
    };
    /** Fax number, in parts. Sent as `params[Fax]`. */
    Fax?: {
      /**
       * Country calling code, without `+`. Sent as `params[Fax][Country]`.
       *
       * @example "64"
       */
      Country?: string;
      /**
       * Area code. Sent as `params[Fax][Area]`.
       *
       * @example "9"
       */
      Area?: string;
      /**
       * Local number. Sent as `params[Fax][Local]`.
       *
       * @example "3095550"
       */
      Local?: string;
      /**
       * Extension, if any. Sent as `params[Fax][Extension]`.
       *
       * @example ""
       */
      Extension?: string;
    };
    /** Mobile number, in parts. Sent as `params[Mobile]`. */
    Mobile?: {
      /**
       * Country calling code, without `+`. Sent as `params[Mobile][Country]`.
       *
       * @example "64"
       */
      Country?: string;
      /**
       * Area code. Sent as `params[Mobile][Area]`.
       *
       * @example "9"
       */
      Area?: string;
      /**
       * Local number. Sent as `params[Mobile][Local]`.
       *
       * @example "3095550"
       */
      Local?: string;
      /**
       * Extension, if any. Sent as `params[Mobile][Extension]`.
       *
       * @example ""
       */
      Extension?: string;
    };
  };
}

/**
 * What `accounts.listSubAccounts` takes: the query of `GET
 * /1.2/accounts/client/list_sub_accounts.json`, without `apikey` (the client adds it).
 */
export interface ListSubAccountsInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /** Narrow, sort and page the list, sent as `filters[name]=Harbour&filters[include_closed]=1`. */
  filters?: {
    /**
     * Only sub-accounts whose name partially matches this text. Sent as `filters[name]`.
     *
     * @example "Harbour"
     */
    name?: string;
    /**
     * A boolean sent as `1` to include closed sub-accounts (`0`, the default, leaves them out). `true`
     * and `false` are sent as `1` and `0`. Sent as `filters[include_closed]`.
     */
    include_closed?: Switch;
    /**
     * Name of the field to sort by (`filters[sort_by]`). Allowed values are not documented.
     *
     * @example "name"
     */
    sort_by?: string;
    /** Sort direction (`filters[sort_dir]`). */
    sort_dir?: "ASC" | "DESC";
    /**
     * Records per page (`filters[page_size]`). The service documents no default or maximum.
     *
     * @example 2
     */
    page_size?: number;
    /**
     * Page to return, counted from 1 (`filters[page_number]`).
     *
     * @example 1
     */
    page_number?: number;
  };
}

/**
 * What `sshKeys.get` takes: the query of `GET /1.3/ssh/key/get.json`, without `apikey` (the client
 * adds it).
 */
export interface GetSshKeyInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /**
   * The key, as `ssh/key/add` returns it (`key_id`, a string of digits) or as a number.
   *
   * @example 41
   */
  key_id: number | string;
  /**
   * A boolean sent as `1` to also return the users the key is installed for (`0`, the default,
   * leaves them out). `true` and `false` are sent as `1` and `0`.
   */
  include_users?: Switch;
}

/**
 * What `sshKeys.add` takes: the form fields of `POST /1.2/ssh/key/add.json`, without `apikey` (the
 * client adds it).
 */
export interface AddSshKeyInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /**
   * A name for the key.
   *
   * @example "laptop@aroha"
   */
  label: string;
  /**
   * The public key text, as in an `authorized_keys` line. The service documents no limit; at most
   * 4,096 characters here: the longest OpenSSH public key, RSA of 16,384 bits (`ssh-rsa` and 2,764
   * characters of base64: 2,772 in all), with a comment of up to 1,323 characters.
   *
   * @example "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ2wq8ZxPp4sVu0fLkR7mN3bTg5yC1dE6hA9oXiWjK2s aroha@laptop"
   */
  content: string;
  /** Optional settings, sent as `params[<name>]`. */
  params?: {
    /**
     * `1` to let the key access custom images, `0` not to. `true` and `false` are sent as `1` and `0`.
     * Sent as `params[custom_image_access]`.
     */
    custom_image_access?: Switch;
  };
}

/**
 * What `cloud.getDatabase` takes: the query of `GET /1.5/cloud/db/get.json`, without `apikey` (the
 * client adds it).
 */
export interface GetDatabaseInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /**
   * The server the database belongs to.
   *
   * @example "cloud01"
   */
  server_name: string;
  /**
   * The database container. Valid options on a running server are `mysql56`, `mysql57` and `mysql8`.
   *
   * @example "mysql8"
   */
  mysql_host: "mysql56" | "mysql57" | "mysql8";
  /**
   * The database name.
   *
   * @example "shop"
   */
  database: string;
}

/**
 * What `cloud.backupStack` takes: the form fields of `POST /1.2/cloud/stack/backup.json`, without
 * `apikey` (the client adds it).
 */
export interface BackupStackInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /**
   * The server the stack runs on.
   *
   * @example "cloud01"
   */
  server: string;
  /**
   * The stack to back up.
   *
   * @example "shop"
   */
  name: string;
  /** Back up only these containers of the stack, sent indexed from 0 (`containers[0]=shop-web`). */
  containers?: string[];
  /** Optional settings, sent as `params[<name>]`. */
  params?: {
    /**
     * A label for the backup. Sent as `params[label]`.
     *
     * @example "before-upgrade"
     */
    label?: string;
  };
}

/**
 * What `cloud.copyStack` takes: the form fields of `POST /1.1/cloud/stack/copy.json`, without
 * `apikey` (the client adds it).
 */
export interface CopyStackInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /**
   * The server that holds the stack.
   *
   * @example "cloud01"
   */
  source_server: string;
  /**
   * The stack to clone.
   *
   * @example "shop"
   */
  name: string;
  /**
   * The server that receives the clone; may equal `source_server`.
   *
   * @example "cloud01"
   */
  destination_server: string;
  /**
   * Label of the new stack.
   *
   * @example "Shop staging"
   */
  label: string;
  /** Optional settings, sent as `params[<name>]`. */
  params?: {
    /**
     * The service for the new stack, repeatable. The field name is as the interface description gives
     * it. Version 1.1 sends this list with **empty brackets** (`params[the service][]=...`), not
     * indexed.
     */
    "the service"?: string[];
    /**
     * `1` to copy the environment variables, `0` (the default) not to. `true` and `false` are sent as
     * `1` and `0`. Sent as `params[copy_env_file]`.
     *
     * @default 0
     */
    copy_env_file?: Switch;
    /**
     * `1` to shut the new stack down after cloning, `0` (the default) not to. `true` and `false` are
     * sent as `1` and `0`. Sent as `params[shutdown]`.
     *
     * @default 0
     */
    shutdown?: Switch;
    /** Databases to clone for the new stack, sent as `params[databases][<n>][<field>]`. */
    databases?: {
      /**
       * Name of the database on the source server to clone from. Sent as
       * `params[databases][<n>][clone_db_from]`.
       *
       * @example "shop"
       */
      clone_db_from?: string;
      /**
       * Database container of the new database. Sent as `params[databases][<n>][mysql_host]`.
       *
       * @example "mysql8"
       */
      mysql_host?: string;
      /**
       * Name of the new database. Sent as `params[databases][<n>][db_name]`.
       *
       * @example "shop_staging"
       */
      db_name?: string;
      /**
       * Container the new database is associated with. Sent as
       * `params[databases][<n>][origin_container]`.
       *
       * @example "c8a1f3d2e4b5"
       */
      origin_container?: string;
    }[];
    /** Database users to create for the new stack, sent as `params[database_users][<n>][<field>]`. */
    database_users?: {
      /**
       * Existing database user whose permissions are copied. Sent as
       * `params[database_users][<n>][clone_grants_from]`.
       *
       * @example "shop_app"
       */
      clone_grants_from?: string;
      /**
       * Database container for the user's permissions. Sent as
       * `params[database_users][<n>][mysql_host]`.
       *
       * @example "mysql8"
       */
      mysql_host?: string;
      /**
       * Name of the new database user. Sent as `params[database_users][<n>][username]`.
       *
       * @example "shop_staging_app"
       */
      username?: string;
      /**
       * Password of the new database user. Sent as `params[database_users][<n>][password]`.
       *
       * @example "correct-horse-battery-staple"
       */
      password?: string;
      /**
       * The new database the user can access; one of the `db_name` values in `databases`. Sent as
       * `params[database_users][<n>][database]`.
       *
       * @example "shop_staging"
       */
      database?: string;
    }[];
  };
}

/**
 * What `bandwidth.getUsageByDay` takes: the query of `GET /1.5/bandwidth/get_usage_by_day.json`,
 * without `apikey` (the client adds it).
 */
export interface GetBandwidthUsageByDayInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /**
   * The address with its prefix length, `address/prefix`.
   *
   * @example "203.0.113.10/32"
   */
  ip_addr: string;
  /**
   * The period, sent as `params[from]=1793836800&params[to]=1794009599` (epoch seconds, 2026-11-05
   * 00:00:00 to 2026-11-06 23:59:59 UTC: the two days of the success example).
   */
  params?: {
    /**
     * Start of the period, a numeric epoch timestamp (seconds, UTC). Sent as `params[from]`.
     *
     * @example "1793836800"
     */
    from?: string;
    /**
     * End of the period, a numeric epoch timestamp (seconds, UTC); the day it falls on is included.
     * Sent as `params[to]`.
     *
     * @example "1794009599"
     */
    to?: string;
  };
}

/**
 * What `mail.listDomains` takes: the query of `GET /1.3/mail/list_domains.json`, without `apikey`
 * (the client adds it).
 */
export interface ListMailDomainsInput {
  /**
   * The client account the call acts for; every resource belongs to one client.
   *
   * @example 293
   */
  client_id: number | string;
  /**
   * The mail server.
   *
   * @example "mail01"
   */
  server_name: string;
}

/** The input type of every operation, by operationId. */
export interface OperationInputs {
  listImages: ListImagesInput;
  listServers: ListServersInput;
  upgradeServer: UpgradeServerInput;
  upgradeServerPlan: UpgradeServerPlanInput;
  listIps: ListIpsInput;
  listDomainsUsingTemplate: ListDomainsUsingTemplateInput;
  listDnsTemplates: ListDnsTemplatesInput;
  updateSoa: UpdateSoaInput;
  getPricingTiers: GetPricingTiersInput;
  getDomain: GetDomainInput;
  checkDomainAvailability: CheckDomainAvailabilityInput;
  createDomain: CreateDomainInput;
  cancelDomain: CancelDomainInput;
  updateDomainContact: UpdateDomainContactInput;
  listSubAccounts: ListSubAccountsInput;
  getSshKey: GetSshKeyInput;
  addSshKey: AddSshKeyInput;
  getDatabase: GetDatabaseInput;
  backupStack: BackupStackInput;
  copyStack: CopyStackInput;
  getBandwidthUsageByDay: GetBandwidthUsageByDayInput;
  listMailDomains: ListMailDomainsInput;
}

/**
 * The operation client (createHostApiClient): one method per operation, grouped by area. Each
 * resolves to the answer's `return` or throws a typed HostApiError. Hosting Account Management
 * API, version 0.0.0.
 * @see https://hostapi.github.io/hostapi/
 */
export interface HostApiClient {
  /**
   * Servers of the client, the images they can run, and upgrades.
   *
   * @see https://hostapi.github.io/hostapi/#/servers
   */
  readonly servers: {
    /**
     * List images.
     *
     * Lists the operating-system images that new servers can be provisioned with, optionally only
     * those of a type, an operating system or a location. The answer is a plain array (not paged),
     * although the common sort and paging filters are accepted.
     *
     * `GET /1.5/server/list_images.json` (operation `listImages`)
     *
     * @see https://hostapi.github.io/hostapi/#/servers/listimages
     */
    listImages: Operation<'listImages'>;
    /**
     * List servers.
     *
     * Lists the servers of a client, one page at a time, optionally only those in a power state, of a
     * product type or changed since a given time. Walk the pages with `filters[page_number]` until
     * `current_page` equals `total_pages`.
     *
     * `GET /1.3/server/list_servers.json` (operation `listServers`)
     *
     * @see https://hostapi.github.io/hostapi/#/servers/listservers
     */
    list: Operation<'listServers'>;
    /**
     * Every record of every page of `servers.list` (list servers), yielded one at a time, in order:
     * asks for `filters[page_number]` from `filters.page_number` (default 1) up to `total_pages`, one
     * page after another, and never yields a record twice.
     *
     * Throws a `PaginationError` when the service answers another page than the one asked for (a
     * server that ignores `filters[page_number]`), an `InvalidResponseError` for an answer that is not
     * a page, and the typed error of any page that fails.
     *
     * `GET /1.3/server/list_servers.json` (operation `listServers`), once per page
     *
     * @see https://hostapi.github.io/hostapi/#/servers/listservers
     */
    listAll: PagedOperation<'listServers'>;
    /**
     * Upgrade server components.
     *
     * Changes single components of a server: its core count, its memory, or the size of one or more
     * disks (each under its name). Ask only for what should change; the answer says, per component,
     * whether the change was made. `apikey` is the first form field (see Authentication), so no
     * security scheme applies.
     *
     * `POST /1.2/server/upgrade.json` (operation `upgradeServer`)
     *
     * @see https://hostapi.github.io/hostapi/#/servers/upgradeserver
     */
    upgrade: Operation<'upgradeServer'>;
    /**
     * Upgrade server plan.
     *
     * Moves a server to a higher plan (product). The answer carries only `msg` and `status`, no
     * `return`. `apikey` is the first form field (see Authentication), so no security scheme applies.
     *
     * `POST /1.3/server/upgrade_plan.json` (operation `upgradeServerPlan`)
     *
     * @see https://hostapi.github.io/hostapi/#/servers/upgradeserverplan
     */
    upgradePlan: Operation<'upgradeServerPlan'>;
  };
  /**
   * IP addresses, DNS templates, the zones using them, and SOA records.
   *
   * @see https://hostapi.github.io/hostapi/#/dns
   */
  readonly dns: {
    /**
     * List IP addresses.
     *
     * Lists every IP address of a client, one entry per address, with its reverse DNS name and, for
     * addresses assigned to a server, the server. **Seen from the live service:** a client with no
     * addresses gets `[]` instead of `{}`.
     *
     * `GET /1.5/dns/list_ips.json` (operation `listIps`)
     *
     * @see https://hostapi.github.io/hostapi/#/dns/listips
     */
    listIps: Operation<'listIps'>;
    /**
     * List domains using a DNS template.
     *
     * Lists the DNS zones of a client that were created from a template, each under its domain name.
     * Use it to see what a change to the template would touch.
     *
     * `GET /1.5/dns/list_domains_using_template.json` (operation `listDomainsUsingTemplate`)
     *
     * @see https://hostapi.github.io/hostapi/#/dns/listdomainsusingtemplate
     */
    listDomainsUsingTemplate: Operation<'listDomainsUsingTemplate'>;
    /**
     * List DNS templates.
     *
     * Lists the DNS templates of a client, with the number of zones that use each.
     *
     * `GET /1.5/dns/domain_templates/list_templates.json` (operation `listDnsTemplates`)
     *
     * @see https://hostapi.github.io/hostapi/#/dns/listdnstemplates
     */
    listTemplates: Operation<'listDnsTemplates'>;
    /**
     * Update a SOA record.
     *
     * Replaces the SOA (start of authority) record of a DNS zone: primary name server, contact address
     * and the timers secondaries use. The answer carries `msg`, `status` and `time`, no `return`.
     * `apikey` is the first form field (see Authentication), so no security scheme applies.
     *
     * `POST /1.0/dns/update_soa.json` (operation `updateSoa`)
     *
     * @see https://hostapi.github.io/hostapi/#/dns/updatesoa
     */
    updateSoa: Operation<'updateSoa'>;
  };
  /**
   * Registered domains, availability, pricing, registration, cancellation and contacts.
   *
   * @see https://hostapi.github.io/hostapi/#/domain-registration
   */
  readonly domains: {
    /**
     * Get domain pricing tiers.
     *
     * Lists the registration price bands that apply to a client, per registry type: each tier gives
     * the price up to a number of domains.
     *
     * `GET /1.2/srs/get_pricing_tiers.json` (operation `getPricingTiers`)
     *
     * @see https://hostapi.github.io/hostapi/#/domain-registration/getpricingtiers
     */
    getPricingTiers: Operation<'getPricingTiers'>;
    /**
     * Get a registered domain.
     *
     * Returns a domain registered through the service: its state, key dates, renewal settings,
     * contacts, lock and transfer status.
     *
     * `GET /1.3/srs/get_domain.json` (operation `getDomain`)
     *
     * @see https://hostapi.github.io/hostapi/#/domain-registration/getdomain
     */
    get: Operation<'getDomain'>;
    /**
     * Check domain availability.
     *
     * Checks whether a domain name can be registered and, optionally, whether the same name is free
     * under other top-level domains (`additional_tlds[0]=nz&additional_tlds[1]=com`).
     *
     * `GET /1.3/srs/domain_tlds_available.json` (operation `checkDomainAvailability`)
     *
     * @see https://hostapi.github.io/hostapi/#/domain-registration/checkdomainavailability
     */
    checkAvailability: Operation<'checkDomainAvailability'>;
    /**
     * Register a domain.
     *
     * Registers a domain for a client for a term in months, with an existing contact as registrant and
     * optional admin, technical and billing contacts, privacy protection and the fields `.au`
     * registries require. Registration runs as a job; the answer carries its `job_id`. Not safe to
     * send twice. `apikey` is the first form field (see Authentication), so no security scheme
     * applies.
     *
     * `POST /1.2/srs/create_domain.json` (operation `createDomain`)
     *
     * @see https://hostapi.github.io/hostapi/#/domain-registration/createdomain
     */
    create: Operation<'createDomain'>;
    /**
     * Cancel a domain.
     *
     * Cancels the registration of a domain. Cancellation runs as a job; the answer carries its
     * `job_id` and a `time`. Not safe to send twice. `apikey` is the first form field (see
     * Authentication), so no security scheme applies.
     *
     * `POST /1.0/srs/cancel_domain.json` (operation `cancelDomain`)
     *
     * @see https://hostapi.github.io/hostapi/#/domain-registration/canceldomain
     */
    cancel: Operation<'cancelDomain'>;
    /**
     * Update a domain contact.
     *
     * Changes the details of a domain contact: name, organisation, email, postal address and phone,
     * fax and mobile numbers. Send only what changes; the answer is the whole contact as it now
     * stands, with the number parts also joined into `Phone`, `Fax`, `Mobile`. `apikey` is the first
     * form field (see Authentication), so no security scheme applies.
     *
     * `POST /1.2/srs/update_contact.json` (operation `updateDomainContact`)
     *
     * @see https://hostapi.github.io/hostapi/#/domain-registration/updatedomaincontact
     */
    updateContact: Operation<'updateDomainContact'>;
  };
  /**
   * Sub-accounts of a client.
   *
   * @see https://hostapi.github.io/hostapi/#/accounts
   */
  readonly accounts: {
    /**
     * List sub-accounts.
     *
     * Lists the sub-accounts of a client, one page at a time, with their balance and billing type;
     * closed accounts only when asked for. Unlike every other operation, the answer carries `return`
     * alone, without `msg` or `status`.
     *
     * `GET /1.2/accounts/client/list_sub_accounts.json` (operation `listSubAccounts`)
     *
     * @see https://hostapi.github.io/hostapi/#/accounts/listsubaccounts
     */
    listSubAccounts: Operation<'listSubAccounts'>;
    /**
     * Every record of every page of `accounts.listSubAccounts` (list sub-accounts), yielded one at a
     * time, in order: asks for `filters[page_number]` from `filters.page_number` (default 1) up to
     * `total_pages`, one page after another, and never yields a record twice.
     *
     * Throws a `PaginationError` when the service answers another page than the one asked for (a
     * server that ignores `filters[page_number]`), an `InvalidResponseError` for an answer that is not
     * a page, and the typed error of any page that fails.
     *
     * `GET /1.2/accounts/client/list_sub_accounts.json` (operation `listSubAccounts`), once per page
     *
     * @see https://hostapi.github.io/hostapi/#/accounts/listsubaccounts
     */
    listAllSubAccounts: PagedOperation<'listSubAccounts'>;
  };
  /**
   * Public SSH keys stored for the client.
   *
   * @see https://hostapi.github.io/hostapi/#/ssh-keys
   */
  readonly sshKeys: {
    /**
     * Get an SSH key.
     *
     * Returns one stored public SSH key and, when `include_users=1`, the users and containers it is
     * installed for.
     *
     * `GET /1.3/ssh/key/get.json` (operation `getSshKey`)
     *
     * @see https://hostapi.github.io/hostapi/#/ssh-keys/getsshkey
     */
    get: Operation<'getSshKey'>;
    /**
     * Add an SSH key.
     *
     * Stores a public SSH key for a client under a label, optionally allowing it to access custom
     * images. The answer carries the new key's `key_id`. `apikey` is the first form field (see
     * Authentication), so no security scheme applies.
     *
     * `POST /1.2/ssh/key/add.json` (operation `addSshKey`)
     *
     * @see https://hostapi.github.io/hostapi/#/ssh-keys/addsshkey
     */
    add: Operation<'addSshKey'>;
  };
  /**
   * Cloud stacks and their databases.
   *
   * @see https://hostapi.github.io/hostapi/#/cloud
   */
  readonly cloud: {
    /**
     * Get a database.
     *
     * Returns one MySQL database of a cloud server, with its container, size and the users that hold
     * grants on it.
     *
     * `GET /1.5/cloud/db/get.json` (operation `getDatabase`)
     *
     * @see https://hostapi.github.io/hostapi/#/cloud/getdatabase
     */
    getDatabase: Operation<'getDatabase'>;
    /**
     * Back up a stack.
     *
     * Starts a backup of a cloud stack, or of some of its containers, with an optional label. The
     * backup runs as a job; the answer carries its `job_id`. Not safe to send twice. `apikey` is the
     * first form field (see Authentication), so no security scheme applies.
     *
     * `POST /1.2/cloud/stack/backup.json` (operation `backupStack`)
     *
     * @see https://hostapi.github.io/hostapi/#/cloud/backupstack
     */
    backupStack: Operation<'backupStack'>;
    /**
     * Copy (clone) a stack.
     *
     * Clones a cloud stack onto the same or another server under a new label, optionally with its
     * environment file, cloned databases (`params[databases][<n>][...]`) and new database users
     * (`params[database_users][<n>][...]`), each entry indexed from 0. The clone runs as a job; the
     * answer carries its `job_id` and the new stack's identifier. Not safe to send twice. `apikey` is
     * the first form field (see Authentication), so no security scheme applies.
     *
     * `POST /1.1/cloud/stack/copy.json` (operation `copyStack`)
     *
     * @see https://hostapi.github.io/hostapi/#/cloud/copystack
     */
    copyStack: Operation<'copyStack'>;
  };
  /**
   * Traffic per IP address and day.
   *
   * @see https://hostapi.github.io/hostapi/#/bandwidth
   */
  readonly bandwidth: {
    /**
     * Get bandwidth usage by day.
     *
     * Returns the traffic of one IP address per day, split into domestic and international, peak and
     * off-peak, in and out; optionally only between two times given as epoch seconds (`params[from]`,
     * `params[to]`).
     *
     * `GET /1.5/bandwidth/get_usage_by_day.json` (operation `getBandwidthUsageByDay`)
     *
     * @see https://hostapi.github.io/hostapi/#/bandwidth/getbandwidthusagebyday
     */
    getUsageByDay: Operation<'getBandwidthUsageByDay'>;
  };
  /**
   * Mail domains on the client's mail servers.
   *
   * @see https://hostapi.github.io/hostapi/#/mail
   */
  readonly mail: {
    /**
     * List mail domains.
     *
     * Lists the domains that receive mail on one of the client's mail servers, with counts of
     * mailboxes, nicknames and forwarders and the space used.
     *
     * `GET /1.3/mail/list_domains.json` (operation `listMailDomains`)
     *
     * @see https://hostapi.github.io/hostapi/#/mail/listmaildomains
     */
    listDomains: Operation<'listMailDomains'>;
  };
}
