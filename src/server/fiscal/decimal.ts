// The decimal context lives in src/shared/fiscal so the tax rules (src/shared/fiscal/tributacao.ts) compute
// the same amounts in the browser as here.
export * from '../../shared/fiscal/decimal.ts';
