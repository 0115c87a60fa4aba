// The form of an operation, generated from its fields: every input labelled with its wire name,
// its type and a required mark; choices for enumerations; lists and maps whose entries can be
// added and removed. Each input's accessible name is its wire name.
import type { Field, ListField, MapField, ObjectField, ValueField } from '../model.js';
import { type FormValue, type FormValues, initialValue, itemName, wireName } from './values.js';

/** What every input takes: its field, its wire name, its value (of the field's kind) and where changes go. */
interface InputProps<F extends Field = Field, V extends FormValue = FormValue> {
  field: F;
  name: string;
  value: V;
  onChange: (value: FormValue) => void;
}

interface FieldsProps {
  fields: Field[];
  values: FormValues;
  parent: string;
  onChange: (values: FormValues) => void;
}

export function Fields({ fields, values, parent, onChange }: FieldsProps) {
  return (
    <>
      {fields.map((f) => (
        <FieldInput
          key={f.name}
          field={f}
          name={wireName(parent, f.name)}
          value={values[f.name]!}
          onChange={(v) => onChange({ ...values, [f.name]: v })}
        />
      ))}
    </>
  );
}

function FieldInput({ field, name, value, onChange }: InputProps) {
  switch (field.kind) {
    case 'value':
      return <ValueInput field={field} name={name} value={value as string} onChange={onChange} />;
    case 'object':
      return <ObjectInput field={field} name={name} value={value as FormValues} onChange={onChange} />;
    case 'list':
      return <ListInput field={field} name={name} value={value as FormValue[]} onChange={onChange} />;
    case 'map':
      return <MapInput field={field} name={name} value={value as [string, FormValue][]} onChange={onChange} />;
  }
}

function Label({ field, name, type }: { field: Field; name: string; type: string }) {
  return (
    <span class="label" title={field.description}>
      <code class="wire">{name}</code>
      <span class="type">{type}</span>
      {field.required && <span class="required">required</span>}
    </span>
  );
}

const typeOf = (field: ValueField) => (field.enum ? `${field.type}, one of ${field.enum.join(' | ')}` : field.type);

function ValueInput({ field, name, value, onChange }: InputProps<ValueField, string>) {
  const common = { 'aria-label': name, 'aria-required': field.required ? 'true' : undefined, class: 'input' } as const;
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the select or input below is inside the label
    <label class="field">
      <Label field={field} name={name} type={typeOf(field)} />
      {field.enum ? (
        <select {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{field.required ? '(choose)' : '(not sent)'}</option>
          {field.enum.map((option) => (
            <option key={String(option)} value={String(option)}>
              {String(option)}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type="text"
          inputMode={field.type === 'string' ? undefined : 'numeric'}
          placeholder={field.example === undefined || field.example === '' ? undefined : `e.g. ${field.example}`}
          value={value}
          onInput={(e) => onChange(e.currentTarget.value)}
        />
      )}
      {field.description && <span class="hint">{field.description}</span>}
    </label>
  );
}

function ObjectInput({ field, name, value, onChange }: InputProps<ObjectField, FormValues>) {
  return (
    <fieldset class="group">
      <legend>
        <Label field={field} name={name} type="object" />
      </legend>
      {field.description && <p class="hint">{field.description}</p>}
      <Fields fields={field.fields} values={value} parent={name} onChange={onChange} />
    </fieldset>
  );
}

/** The list without its item at `i`. */
const without = <T,>(list: T[], i: number) => list.filter((_, j) => j !== i);

function ListInput({ field, name, value, onChange }: InputProps<ListField, FormValue[]>) {
  const set = (i: number, item: FormValue) => onChange(value.map((old, j) => (j === i ? item : old)));
  return (
    <fieldset class="group list">
      <legend>
        <Label field={field} name={`${name}[${field.emptyBrackets ? '' : 'n'}]`} type="list" />
      </legend>
      {field.description && <p class="hint">{field.description}</p>}
      {value.map((item, i) => {
        const itemWire = itemName(name, field, i);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items are edited in place, added last, removed by index
          <div key={i} class="entry">
            <FieldInput field={field.item} name={itemWire} value={item} onChange={(v) => set(i, v)} />
            <button
              type="button"
              class="remove"
              aria-label={`Remove ${itemWire}`}
              onClick={() => onChange(without(value, i))}
            >
              Remove
            </button>
          </div>
        );
      })}
      <button
        type="button"
        class="add"
        aria-label={`Add an item to ${name}`}
        onClick={() => onChange([...value, initialValue(field.item, undefined)])}
      >
        Add {field.emptyBrackets ? `${name}[]` : itemName(name, field, value.length)}
      </button>
    </fieldset>
  );
}

function MapInput({ field, name, value, onChange }: InputProps<MapField, [string, FormValue][]>) {
  const set = (i: number, entry: [string, FormValue]) => onChange(value.map((old, j) => (j === i ? entry : old)));
  return (
    <fieldset class="group map">
      <legend>
        <Label field={field} name={`${name}[<name>]`} type="map" />
      </legend>
      {field.description && <p class="hint">{field.description}</p>}
      {value.map(([key, item], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries are edited in place, added last, removed by index
        <div key={i} class="entry">
          <label class="field key">
            <span class="label">
              <span class="type">name</span>
            </span>
            <input
              class="input"
              type="text"
              aria-label={`Name of entry ${i + 1} of ${name}`}
              value={key}
              onInput={(e) => set(i, [e.currentTarget.value, item])}
            />
          </label>
          <FieldInput
            field={field.value}
            name={wireName(name, key || '…')}
            value={item}
            onChange={(v) => set(i, [key, v])}
          />
          <button
            type="button"
            class="remove"
            aria-label={`Remove entry ${i + 1} of ${name}`}
            onClick={() => onChange(without(value, i))}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        class="add"
        aria-label={`Add an entry to ${name}`}
        onClick={() => onChange([...value, ['', initialValue(field.value, undefined)]])}
      >
        Add {name}[…]
      </button>
    </fieldset>
  );
}
