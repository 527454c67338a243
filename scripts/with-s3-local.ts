/**
 * npm run test:s3 [-- vitest arguments]: runs a command with STORAGE_URL (and the AWS variables) pointing at a local
 * S3-protocol server started here, so the API and e2e suites run on the S3 backend instead of the folder.
 * Usage: tsx scripts/with-s3-local.ts COMMAND [ARGS…]
 */
import { spawn } from 'node:child_process';
import { startS3Local } from '../src/server/stand-ins/s3-local.ts';

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error('uso: tsx scripts/with-s3-local.ts COMANDO [ARGUMENTOS…]');
  process.exit(2);
}
const s3 = await startS3Local({ prefix: 'ci' });
console.log(`STORAGE_URL=${s3.url}`);
const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...s3.env } });
const code = await new Promise<number>((r) => child.once('exit', (c, signal) => r(c ?? (signal ? 1 : 0))));
await s3.close();
process.exit(code);
