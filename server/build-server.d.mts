export declare const SERVER_OUT: string
export declare const SERVER_ENTRY: string
export declare function serverBuildIsCurrent(): boolean
export declare function buildServer(): Promise<void>
export declare function ensureServerBuild(log?: (line: string) => void): Promise<void>
