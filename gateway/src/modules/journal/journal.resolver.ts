import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { JournalEntriesFilter, JournalEntryInput, JournalEntryPageType, JournalEntryType, JournalStatsType, TagType } from './journal.types';

/** The filter argument in the service's terms (the same names as the REST query string). */
function listInput(filter: JournalEntriesFilter | undefined): Record<string, unknown> {
  if (!filter) return {};
  const { userId, ...rest } = filter;
  return { ...rest, user_id: userId };
}

/**
 * GraphQL door of the learning journal: the same service calls as the REST
 * routes (journal.routes.ts), with the same rules and messages. Entries come
 * back complete (tags and task titles batched per page), so no field resolver
 * runs per entry.
 */
@Resolver()
export class JournalResolver {
  @Query(() => JournalEntryPageType, { description: "The signed-in user's entries (GET /journal-entries)." })
  journalEntries(@Arg('filter', () => JournalEntriesFilter, { nullable: true }) filter: JournalEntriesFilter | undefined, @Ctx() ctx: GraphQLContext): Promise<JournalEntryPageType> {
    return ctx.services.journal.list(ctx.actor, listInput(filter));
  }

  @Query(() => JournalEntryPageType, { description: 'Full-text search of title, tags and content, best match first (GET /journal-entries/search).' })
  searchJournalEntries(
    @Arg('q', () => String, { nullable: true }) q: string | undefined,
    @Arg('filter', () => JournalEntriesFilter, { nullable: true }) filter: JournalEntriesFilter | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<JournalEntryPageType> {
    return ctx.services.journal.search(ctx.actor, { ...listInput(filter), q });
  }

  @Query(() => JournalEntryType, { description: "One entry: the caller's own, or (administrators) a shared one." })
  journalEntry(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<JournalEntryType> {
    return ctx.services.journal.get(ctx.actor, id);
  }

  @Query(() => JournalStatsType)
  journalStats(@Ctx() ctx: GraphQLContext): Promise<JournalStatsType> {
    return ctx.services.journal.stats(ctx.actor);
  }

  @Query(() => [TagType], { description: "The caller's tags in use, alphabetically." })
  tags(@Ctx() ctx: GraphQLContext): Promise<TagType[]> {
    return ctx.services.journal.tags(ctx.actor);
  }

  @Query(() => [TagType], { description: "The caller's most used tags (limit 1-50)." })
  popularTags(@Arg('limit', () => Int, { defaultValue: 10 }) limit: number, @Ctx() ctx: GraphQLContext): Promise<TagType[]> {
    return ctx.services.journal.popularTags(ctx.actor, { limit });
  }

  @Mutation(() => JournalEntryType)
  createJournalEntry(@Arg('input', () => JournalEntryInput) input: JournalEntryInput, @Ctx() ctx: GraphQLContext): Promise<JournalEntryType> {
    return ctx.services.journal.create(ctx.actor, { ...input });
  }

  @Mutation(() => JournalEntryType, { description: 'The author only.' })
  updateJournalEntry(@Arg('id', () => Int) id: number, @Arg('input', () => JournalEntryInput) input: JournalEntryInput, @Ctx() ctx: GraphQLContext): Promise<JournalEntryType> {
    return ctx.services.journal.update(ctx.actor, id, { ...input });
  }

  @Mutation(() => Boolean, { description: 'The author only.' })
  async deleteJournalEntry(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.journal.delete(ctx.actor, id);
    return true;
  }
}
