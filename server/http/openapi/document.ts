/**
 * The OpenAPI 3.1 document of an app: hono-openapi walks the app's routes
 * and takes each declared route's operation (../route.ts, operation.ts), so
 * the document describes exactly the routes that are mounted (the dev
 * mailbox only where it is) and cannot drift from what the server validates.
 */
import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import { brand } from '../../../src/brand.ts';
import type { ApiEnv } from '../../context.ts';
import { sharedComponents } from './components.ts';

/** Shared answers no operation refers to are left out (a 412 is each route's own). */
function withoutUnusedResponses(document: { components?: { responses?: Record<string, unknown> } }) {
  const responses = document.components?.responses;
  if (!responses) return;
  const text = JSON.stringify(document);
  for (const name of Object.keys(responses)) {
    if (!text.includes(`"#/components/responses/${name}"`)) delete responses[name];
  }
}

export async function openApiDocument(app: Hono<ApiEnv>): Promise<Record<string, unknown>> {
  const document = await generateSpecs(app, {
    documentation: {
      info: {
        title: `${brand.name} API`,
        version: '1',
        description: 'Errors are JSON `{"detail": "<sentence>"}`; a 400 may name fields in `errors`.',
        // The repository has no licence file: all rights reserved.
        license: { name: 'All rights reserved', identifier: 'LicenseRef-All-rights-reserved' },
      },
      // Paths are absolute from the origin that serves this document (PUBLIC_URL).
      servers: [{ url: '/' }],
      components: sharedComponents() as never,
    },
    // `/api/openapi.json` ends like a file name; it is an operation all the same.
    excludeStaticFile: false,
  });
  withoutUnusedResponses(document);
  return document as unknown as Record<string, unknown>;
}
