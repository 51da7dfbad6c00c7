/** The parts of the structured-data validator and its extractor (devDependencies) the tests use. */
declare module '@marbec/web-auto-extractor' {
  export interface ExtractedData {
    jsonld: Record<string, unknown[]>;
    microdata: Record<string, unknown[]>;
    rdfa: Record<string, unknown[]>;
  }
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: string[] });
    parse(html: string): ExtractedData;
  }
}

declare module '@adobe/structured-data-validator' {
  import type { ExtractedData } from '@marbec/web-auto-extractor';
  export interface ValidationIssue {
    rootType: string;
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    fieldNames: string[];
  }
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: ExtractedData): Promise<ValidationIssue[]>;
  }
}
