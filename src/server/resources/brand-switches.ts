import type { ResourceDef } from './registry.ts';
import type { FieldSwitches } from './crud.ts';

/**
 * A brand may hide fields or make them required, per resource, but only those the resource document
 * whitelists (brandFields): brand configuration switches what the shipped documents allow, nothing more.
 * Configuration shape: config.campos = { "<resource>": { "ocultar": [...], "obrigatorios": [...] } }.
 */
export function brandSwitchesFor(config: Record<string, any> | undefined, def: ResourceDef): FieldSwitches {
  const entry = config?.campos?.[def.name];
  if (!entry) return {};
  const hideable = new Set(def.doc.brandFields?.hideable ?? []);
  const requirable = new Set(def.doc.brandFields?.requirable ?? []);
  return {
    hidden: (entry.ocultar ?? []).filter((f: string) => hideable.has(f)),
    required: (entry.obrigatorios ?? []).filter((f: string) => requirable.has(f)),
  };
}
