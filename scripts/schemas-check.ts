import { checkSchemas } from '../src/server/schemas/check.ts';

const errors = checkSchemas();
if (errors.length) {
  console.error(`schemas/: ${errors.length} problema(s)\n- ${errors.join('\n- ')}`);
  process.exit(1);
}
console.log('schemas/: todos os documentos válidos e referências cruzadas em ordem.');
