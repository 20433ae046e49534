export declare function ensurePgliteTemplate(): Promise<string>
export declare function emptyDatabaseDump(): Blob
export declare function copyEmptyDatabaseInto(dataDir: string): string
export declare function dataDirWithEmptyDatabase(prefix?: string): string
