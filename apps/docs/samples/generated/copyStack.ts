// copyStack: Copy (clone) a stack. Generated from the description by scripts/generate-samples.ts; do not edit.
import { createHostApiClient } from '@hostapi/client';

const api = createHostApiClient({
  apiKey: process.env.HOSTAPI_KEY!,
  baseUrl: process.env.HOSTAPI_URL ?? 'https://api.hostapi.example',
});

const result = await api.cloud.copyStack({
  client_id: 293,
  source_server: 'cloud01',
  name: 'shop',
  destination_server: 'cloud01',
  label: 'Shop staging',
  params: {
    copy_env_file: 1,
    shutdown: 0,
    databases: [{
      clone_db_from: 'shop',
      mysql_host: 'mysql8',
      db_name: 'shop_staging',
      origin_container: 'c8a1f3d2e4b5',
    }],
    database_users: [{
      clone_grants_from: 'shop_app',
      mysql_host: 'mysql8',
      username: 'shop_staging_app',
      password: 'correct-horse-battery-staple',
      database: 'shop_staging',
    }],
  },
});
console.log(result);
