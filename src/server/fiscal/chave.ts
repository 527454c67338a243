export * from '../../shared/fiscal/chave.ts'; // moved to src/shared/fiscal so the web POS builds the same NFC-e offline
