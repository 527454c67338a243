import { checkSchemas } from './schemas-check/documents.ts';
import { checkTables } from './schemas-check/tables.ts';

const errors = checkSchemas();
if (errors.length) {
  console.error(`schemas/: ${errors.length} problema(s)\n- ${errors.join('\n- ')}`);
  process.exit(1);
}
console.log('schemas/: todos os documentos válidos e referências cruzadas em ordem.');
// Each resource document against its table, in a fresh database built by the migrations.
const tables = await checkTables();
if (tables.length) {
  console.error(`migrações: ${tables.length} problema(s)\n- ${tables.join('\n- ')}`);
  process.exit(1);
}
console.log('migrações: cada documento de recurso confere com a sua tabela.');
