// Types of scripts/generate-holidays.mjs for the test that checks the generated table is current.
export declare const OUTPUT: string;
export declare const FIRST_YEAR: number;
export declare const LAST_YEAR: number;
export declare function closedDays(): { version: string; names: string[]; years: [number, [string, number][]][] };
export declare function generatedModule(): string;
