// addSshKey: Add an SSH key. Generated from the description by scripts/generate-samples.ts; do not edit.
import { createHostApiClient } from '@hostapi/client';

const api = createHostApiClient({
  apiKey: process.env.HOSTAPI_KEY!,
  baseUrl: process.env.HOSTAPI_URL ?? 'https://api.hostapi.example',
});

const result = await api.sshKeys.add({
  client_id: 293,
  label: 'laptop@aroha',
  content: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJ2wq8ZxPp4sVu0fLkR7mN3bTg5yC1dE6hA9oXiWjK2s aroha@laptop',
  params: {
    custom_image_access: 1,
  },
});
console.log(result);
