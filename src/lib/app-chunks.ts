/**
 * A prerendered page lists the chunks its hydration needs (src/ssr/document.ts) in
 * <script id="app-chunks" type="application/json">, and the entry (src/main.tsx) preloads them after load.
 */
export const APP_CHUNKS_ID = "app-chunks";

/**
 * On a prerendered page's #root, the query keys that change what it shows (space-separated): a URL with
 * one of them hydrates at once, as the HTML cannot show it (src/main.tsx). The sign-in page's tabs are
 * each prerendered, the server choosing (server/app.ts).
 */
export const READS_QUERY_ATTRIBUTE = "data-reads-query";
