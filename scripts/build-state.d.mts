export declare const ROOT: string;
export declare const BUILD_SOURCES: string[];
export declare function buildState(buildDir?: string): {
  dir: string;
  stamp: string;
  complete: boolean;
  fresh: boolean;
};
