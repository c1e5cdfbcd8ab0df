// The parts of structured-data-testing-tool (it ships no types) that tests/integration/crawl.test.ts uses.
declare module "structured-data-testing-tool" {
  export interface TestResult {
    test: string;
    description?: string;
    error?: { type: string; message: string };
  }
  export function structuredDataTest(
    html: string,
    options: { presets: object[] },
  ): Promise<{ passed: TestResult[]; failed: TestResult[]; warnings: TestResult[] }>;
}
declare module "structured-data-testing-tool/presets" {
  export const Google: object;
  export const Facebook: object;
}
