// What the orval client needs besides its generated code.

/**
 * orval 8 writes a form body from the schema's declared `properties` only, so a field named by a
 * pattern (`upgrade[disk][xvda1]`, a further `containers[5]`) is left out. This mutator
 * (`override.formUrlEncoded`) writes every field of the body in its order, as OpenAPI's default
 * form style does: a value as text, an array field (`params[the service][]`) once per item.
 */
export function everyField(body: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item != null) form.append(name, String(item));
  }
  return form;
}
