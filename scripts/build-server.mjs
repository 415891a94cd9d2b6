// `npm run build`'s server step: the server bundle and its template cluster in dist/server (scripts/server-bundle.mjs).
// The template is remade only when the migrations or the PGlite version change.
import { bundleServer, makePgdataTemplate } from './server-bundle.mjs';

await bundleServer('dist/server');
const seconds = await makePgdataTemplate('dist/server/pgdata-template');
if (seconds !== null) console.log(`dist/server/pgdata-template: template database made in ${seconds.toFixed(1)} s`);
