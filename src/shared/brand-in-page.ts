/**
 * The id of the data block (`<script type="application/json">`) in which the server writes the requesting
 * host's public brand configuration into index.html (src/server/brands/branded-index.ts), and the web entry
 * reads it (src/web/brand/brand-key.ts) instead of asking for it.
 */
export const BRAND_DATA_ID = 'marca-atual';
