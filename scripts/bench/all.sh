#!/usr/bin/env bash
# npm run bench: every benchmark that exists, one after the other, each printing its own figures.
set -u
cd "$(dirname "$0")/../.."
for b in api fiscal nfe-emissao boletos web reports start estoque financeiro financeiro-ofx compras vendas pdv; do
  if node -e "process.exit(require('./package.json').scripts['bench:$b'] ? 0 : 1)"; then
    echo "=== bench:$b"
    npm run --silent "bench:$b" || echo "bench:$b falhou"
  fi
done
