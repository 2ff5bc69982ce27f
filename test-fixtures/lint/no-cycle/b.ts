export const b = (): string => "b";
