// ssh/key/get, ssh/key/add.
import { NEVER, timestamp } from '../records.ts';
import type { Handler } from './context.ts';

// An authorized_keys line: type, base64 key, optional comment.
const PUBLIC_KEY = new RegExp(
  '^(ssh-ed25519|ssh-rsa|ssh-dss|ecdsa-sha2-nistp(256|384|521)|sk-ssh-ed25519@openssh\\.com|' +
    'sk-ecdsa-sha2-nistp256@openssh\\.com) [A-Za-z0-9+/]+={0,3}( [^\\r\\n]*)?$',
);

export const getSshKey: Handler = ({ key_id: keyId, include_users: includeUsers }, { state, reply }) => {
  const key = state.read('ssh_keys').find((k) => Number(k.id) === Number(keyId));
  if (!key) return reply.fail('keyNotFound');
  const { users = [], ...withoutUsers } = key;
  return reply.ok(includeUsers === '1' ? { ...withoutUsers, users } : withoutUsers);
};

export const addSshKey: Handler = ({ client_id: clientId, label, content, params = {} }, { state, reply, now }) => {
  if (!PUBLIC_KEY.test(content.trim())) return reply.fail('invalidKey');
  const id = state.next('ssh_key_id');
  state.add('ssh_keys', {
    id,
    client_id: String(Number(clientId)),
    label,
    content: content.trim(),
    date_added: timestamp(now),
    date_updated: NEVER,
    custom_image_access: params.custom_image_access === '1',
    users: [],
  });
  return reply.ok({ key_id: id });
};
