// The server as npm start runs it (scripts/start.mjs without its build step): plain Node over the server bundle
// (scripts/server-build.ts), which tests/support/global-setup.ts builds once before the api files start. The
// server processes of the api suites (tests/support/processo-servidor.ts) start from here instead of compiling
// src/server under tsx at every start.
import { pathToFileURL } from 'node:url';
import { SERVER_BUNDLE } from '../../scripts/freshness.mjs';

const { start } = await import(pathToFileURL(SERVER_BUNDLE).href);
start().catch((err) => {
  console.error(err);
  process.exit(1);
});
