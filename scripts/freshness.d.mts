export declare const ROOT: string;
export declare const WEB_INDEX: string;
export declare const SERVER_BUNDLE_DIR: string;
export declare const SERVER_BUNDLE: string;
export declare const SERVER_ENTRY: string;
export declare function webIsStale(): boolean;
export declare function serverIsStale(): boolean;
export declare const REACT_DEV_MARKERS: string[];
export declare function webDevelopmentFiles(dir?: string): string[];
