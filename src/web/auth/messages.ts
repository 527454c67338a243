import catalogue from '../../../schemas/messages/pt-BR.json';

type Key = keyof typeof catalogue.messages;

/** A text of the pt-BR catalogue (SPEC 5 and 8, verbatim); {n}-style placeholders filled from vars. */
export function t(key: Key, vars: Record<string, string | number> = {}): string {
  return catalogue.messages[key].replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
