// Types for server-command.mjs, so the TypeScript browser suite starts the server the same way.
export declare const SERVER_MAIN: string;
export declare const SERVER_NODE_FLAGS: string[];
export declare const SERVER_ENV: Record<string, string>;
