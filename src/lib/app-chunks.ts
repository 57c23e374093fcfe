/**
 * A prerendered page lists the chunks its hydration needs (src/ssr/document.ts) in
 * <script id="app-chunks" type="application/json">, and the entry (src/main.tsx) preloads them after load.
 */
export const APP_CHUNKS_ID = "app-chunks";
