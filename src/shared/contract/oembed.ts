/**
 * oEmbed 1.0 (https://oembed.com, contract §11): `GET /api/oembed/?url=&format=json`
 * describes one of this site's public pages as a `rich` embed whose `html`
 * is an iframe of its embeddable page.
 */
import * as v from 'valibot';

/** A positive size in CSS pixels, as a query string sends it. */
const PixelsSchema = v.pipe(v.string(), v.regex(/^[1-9]\d{0,4}$/, 'A size is a whole number of pixels.'));

export const OEmbedQuerySchema = v.object({
  url: v.pipe(v.string(), v.minLength(1, 'url is the page to embed.'), v.maxLength(2000)),
  format: v.optional(v.picklist(['json', 'xml'], 'format is json or xml.'), 'json'),
  maxwidth: v.optional(PixelsSchema),
  maxheight: v.optional(PixelsSchema),
});

export const OEmbedSchema = v.object({
  version: v.literal('1.0'),
  type: v.literal('rich'),
  html: v.string(),
  width: v.number(),
  height: v.number(),
  title: v.string(),
  provider_name: v.string(),
  provider_url: v.string(),
});

export type OEmbed = v.InferOutput<typeof OEmbedSchema>;
