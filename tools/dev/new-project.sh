#!/bin/bash
# usage: mklib.sh <kind lib|app> <name> <tags-json> <deps (space separated lib names)>
set -e
kind=$1; name=$2; tags=$3; deps=$4
if [ $kind = lib ]; then dir=libs/$name; else dir=apps/$name; fi
mkdir -p $dir/src
refs=""; for d in $deps; do refs="$refs{ \"path\": \"../../libs/$d/tsconfig.lib.json\" },"; done; refs="[${refs%,}]"
pkgdeps=""; for d in $deps; do pkgdeps="$pkgdeps\"@curbside/$d\": \"*\","; done; pkgdeps="{${pkgdeps%,}}"
if [ $kind = lib ]; then
cat > $dir/package.json <<J
{
  "name": "@curbside/$name",
  "version": "0.1.0",
  "private": true,
  "main": "./dist/index.js",
  "types": "./dist/index.d.ts",
  "exports": {
    ".": {
      "development": "./src/index.ts",
      "types": "./dist/index.d.ts",
      "default": "./dist/index.js"
    },
    "./package.json": "./package.json"
  },
  "dependencies": $pkgdeps,
  "nx": {
    "tags": $tags,
    "targets": { "lint": {}, "typecheck": {}, "test": {} }
  }
}
J
cat > $dir/tsconfig.lib.json <<J
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": {
    "composite": true,
    "rootDir": "src",
    "outDir": "dist",
    "tsBuildInfoFile": "dist/tsconfig.lib.tsbuildinfo"
  },
  "include": ["src/**/*.ts"],
  "exclude": ["src/**/*.spec.ts"],
  "references": $refs
}
J
else
cat > $dir/package.json <<J
{
  "name": "@curbside/$name",
  "version": "0.1.0",
  "private": true,
  "dependencies": $pkgdeps,
  "nx": {
    "tags": $tags,
    "targets": { "lint": {}, "typecheck": {}, "test": {} }
  }
}
J
cat > $dir/tsconfig.app.json <<J
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": {
    "composite": true,
    "rootDir": "src",
    "outDir": "../../dist/apps/$name",
    "tsBuildInfoFile": "../../dist/apps/$name/tsconfig.app.tsbuildinfo"
  },
  "include": ["src/**/*.ts"],
  "exclude": ["src/**/*.spec.ts"],
  "references": $refs
}
J
fi
cat > $dir/tsconfig.spec.json <<J
{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "noEmit": true, "types": ["node", "jest"] },
  "include": ["src/**/*.ts", "test/**/*.ts"]
}
J
cat > $dir/jest.config.js <<J
module.exports = require('../../jest.preset.js')(__dirname);
J
[ -f $dir/src/index.ts ] || [ $kind = app ] || echo "export {};" > $dir/src/index.ts
