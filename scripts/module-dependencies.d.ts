export declare const MODULE_DEPENDENCIES: Readonly<Record<string, readonly string[]>>;
