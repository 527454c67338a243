import { XMLParser } from 'fast-xml-parser';

/**
 * A reader of an NF-e as the house reads one (a supplier's note at entry, the shop's own notes for the fiscal
 * export): attributes kept under '@' (Id, versao), namespace prefixes dropped, every value kept as its text (a
 * CNPJ's leading zeros, '0.10' stays '0.10') and trimmed; the elements named in `repetidos` always read as arrays,
 * even when the note has one.
 */
export function leitorNfe(repetidos: readonly string[]): XMLParser {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (name) => repetidos.includes(name),
  });
}
