// What the hey-api client needs besides its generated code.

/**
 * hey-api 0.99's form body serializer ignores `encoding: {style: deepObject}` and writes an
 * object field as JSON text (`upgrade[disk]={"xvda1":120}`), which the service cannot read.
 * This one writes a body as its encoding says: values as they are, an array field once per
 * item (`params[the service][]`), an object field (a map: `upgrade[disk]`) one level deep in
 * brackets (`upgrade[disk][xvda1]=120`); fields in the body's order.
 */
export function deepObjectFormBody(body: unknown): string {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
    else if (typeof value === 'object')
      for (const [key, item] of Object.entries(value)) form.append(`${name}[${key}]`, String(item));
    else form.append(name, String(value));
  }
  return form.toString();
}
