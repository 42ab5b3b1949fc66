import { Router } from 'express';
import { actorOf, bodyOf, queryOf } from '../../http/actor';
import { documentRoute, jsonContent } from '../../http/openapi';
import type { Services } from '../../services';
import { objectSchema, SuccessBody } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { EntryId, EntryInput, ListQuery, PopularTagsQuery, SearchQuery } from './journal.schemas';
import { JournalEntryPageType, JournalEntryType, JournalStatsType, TagType } from './journal.types';

/*
 * REST door of the learning journal (docs/product.md#journal), all for the
 * signed-in user. Administrators may add `user_id` to the list and the search
 * to read that user's shared entries. The fixed paths are registered before
 * `/:id`.
 */

const tags = ['Journal'];
const Entry = objectSchema(JournalEntryType);
const EntryPage = objectSchema(JournalEntryPageType);
const Tags = z.array(objectSchema(TagType));
const entryParams = z.object({ id: EntryId });

documentRoute({
  method: 'get', path: '/api/journal-entries', summary: "The caller's entries (or, administrators, another user's shared ones), filtered and paged", tags, access: 'user',
  request: { query: ListQuery }, responses: { 200: { description: 'One page and the total', schema: EntryPage } }, errors: [400, 404],
});
documentRoute({
  method: 'get', path: '/api/journal-entries/search', summary: 'Full-text search of title, tags and content, best match first', tags, access: 'user',
  request: { query: SearchQuery }, responses: { 200: { description: 'One page and the total', schema: EntryPage } }, errors: [400, 404],
});
documentRoute({
  method: 'get', path: '/api/journal-entries/stats', summary: "The caller's journal in numbers", tags, access: 'user',
  responses: { 200: { description: 'Entries, recent entries and tags', schema: objectSchema(JournalStatsType) } },
});
documentRoute({
  method: 'get', path: '/api/journal-entries/{id}', summary: "One entry: the caller's own, or (administrators) a shared one", tags, access: 'user',
  request: { params: entryParams }, responses: { 200: { description: 'The entry', schema: Entry } }, errors: [400, 404],
});
documentRoute({
  method: 'post', path: '/api/journal-entries', summary: 'Writes an entry', tags, access: 'user',
  request: { body: jsonContent(EntryInput) }, responses: { 201: { description: 'The new entry', schema: Entry } },
});
documentRoute({
  method: 'put', path: '/api/journal-entries/{id}', summary: 'Changes an entry (the author only); fields left out keep their value', tags, access: 'user',
  request: { params: entryParams, body: jsonContent(EntryInput) }, responses: { 200: { description: 'The entry', schema: Entry } }, errors: [404, 409],
});
documentRoute({
  method: 'delete', path: '/api/journal-entries/{id}', summary: 'Deletes an entry (the author only)', tags, access: 'user',
  request: { params: entryParams }, responses: { 200: { description: 'Deleted', schema: SuccessBody } }, errors: [400, 404],
});
documentRoute({
  method: 'get', path: '/api/tags', summary: "The caller's tags in use, alphabetically", tags, access: 'user',
  responses: { 200: { description: 'Tags with how many entries carry each', schema: Tags } },
});
documentRoute({
  method: 'get', path: '/api/tags/popular', summary: "The caller's most used tags", tags, access: 'user',
  request: { query: PopularTagsQuery }, responses: { 200: { description: 'Most used first', schema: Tags } }, errors: [400],
});

export function journalRouter(services: Services): Router {
  const router = Router();
  const { journal } = services;

  router.get('/journal-entries', async (req, res) => {
    res.json(await journal.list(actorOf(req), queryOf(req)));
  });

  router.get('/journal-entries/search', async (req, res) => {
    res.json(await journal.search(actorOf(req), queryOf(req)));
  });

  router.get('/journal-entries/stats', async (req, res) => {
    res.json(await journal.stats(actorOf(req)));
  });

  router.get('/journal-entries/:id', async (req, res) => {
    res.json(await journal.get(actorOf(req), req.params.id));
  });

  router.post('/journal-entries', async (req, res) => {
    res.status(201).json(await journal.create(actorOf(req), bodyOf(req)));
  });

  router.put('/journal-entries/:id', async (req, res) => {
    res.json(await journal.update(actorOf(req), req.params.id, bodyOf(req)));
  });

  router.delete('/journal-entries/:id', async (req, res) => {
    await journal.delete(actorOf(req), req.params.id);
    res.json({ success: true });
  });

  router.get('/tags', async (req, res) => {
    res.json(await journal.tags(actorOf(req)));
  });

  router.get('/tags/popular', async (req, res) => {
    res.json(await journal.popularTags(actorOf(req), queryOf(req)));
  });

  return router;
}
