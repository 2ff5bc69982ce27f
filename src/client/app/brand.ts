// The company's short name as the app's frame shows it (header, page titles). A literal on purpose:
// importing COMPANY would put all of common/constants.ts (labels only lazy pages use) into every
// page's first download. brand.test.ts keeps it equal to COMPANY.shortName.
export const BRAND = "Värmepumpsservice";
