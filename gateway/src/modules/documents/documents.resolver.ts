import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import {
  CompanyPolicyType,
  DocumentClassType,
  DocumentInputType,
  DocumentLinksType,
  DocumentPageType,
  DocumentSortFieldEnum,
  DocumentSortOrderEnum,
  DocumentType,
  DocumentViewedType,
  PolicyAcknowledgementStatusType,
  PolicyAcknowledgementType,
} from './documents.types';
import type { SortOrder } from '../../shared/schemas';
import type { DocumentSort } from './documents.messages';

/**
 * GraphQL door of the document library: the same service calls, with the
 * same actor, as the REST routes (documents.routes.ts). Permissions and
 * validation live in the service.
 */
@Resolver()
export class DocumentsResolver {
  @Query(() => DocumentPageType, { description: "The documents the caller's role sees (administrators: all). GET /documents." })
  documents(
    @Ctx() ctx: GraphQLContext,
    @Arg('search', () => String, { nullable: true }) search?: string | null,
    @Arg('classId', () => Int, { nullable: true }) classId?: number | null,
    @Arg('sort', () => DocumentSortFieldEnum, { nullable: true }) sort?: DocumentSort | null,
    @Arg('order', () => DocumentSortOrderEnum, { nullable: true }) order?: SortOrder | null,
    @Arg('page', () => Int, { nullable: true }) page?: number | null,
    @Arg('limit', () => Int, { nullable: true, description: '1-100; default 20 when a page is asked for. Without page and limit: every document.' }) limit?: number | null,
  ): Promise<DocumentPageType> {
    return ctx.services.documents.list(ctx.actor, {
      search: search ?? undefined,
      class_id: classId ?? undefined,
      sort: sort ?? undefined,
      order: order ?? undefined,
      page: page ?? undefined,
      limit: limit ?? undefined,
    });
  }

  @Query(() => [DocumentClassType], { description: 'The document classes, by id. GET /document-classes.' })
  documentClasses(@Ctx() ctx: GraphQLContext): Promise<DocumentClassType[]> {
    return ctx.services.documents.classes(ctx.actor);
  }

  @Query(() => [CompanyPolicyType], { description: "Company policies the caller's role sees, by title, with the caller's acknowledgement. GET /documents/special." })
  companyPolicies(@Ctx() ctx: GraphQLContext): Promise<CompanyPolicyType[]> {
    return ctx.services.documents.companyPolicies(ctx.actor);
  }

  @Query(() => [DocumentType], { description: "Documents linked to a checklist item of the caller's role (administrators: any). GET /documents/checklist-item/{taskId}." })
  checklistItemDocuments(@Arg('taskId', () => Int) taskId: number, @Ctx() ctx: GraphQLContext): Promise<DocumentType[]> {
    return ctx.services.documents.forChecklistItem(ctx.actor, taskId);
  }

  @Query(() => DocumentLinksType, { description: 'Administrators only. GET /documents/{id}/links.' })
  documentLinks(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<DocumentLinksType> {
    return ctx.services.documents.links(ctx.actor, id);
  }

  @Query(() => [PolicyAcknowledgementStatusType], { description: 'Administrators only: per company policy, who has not acknowledged its current version.' })
  policyAcknowledgementReport(
    @Ctx() ctx: GraphQLContext,
    @Arg('limit', () => Int, { nullable: true, description: 'Pending users listed per policy, 1-5000 (default 500).' }) limit?: number | null,
  ): Promise<PolicyAcknowledgementStatusType[]> {
    return ctx.services.documents.acknowledgementReport(ctx.actor, { limit });
  }

  @Mutation(() => DocumentViewedType, { description: 'Records that the caller opened a document they can see. POST /documents/{id}/viewed.' })
  markDocumentViewed(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<DocumentViewedType> {
    return ctx.services.documents.markViewed(ctx.actor, id);
  }

  @Mutation(() => PolicyAcknowledgementType, {
    description: 'Acknowledges the current version of a company policy (idempotent); with `version`, the version read, a policy changed since is CONFLICT. POST /documents/{id}/acknowledge.',
  })
  acknowledgePolicy(
    @Arg('id', () => Int) id: number,
    @Arg('version', () => Int, { nullable: true }) version: number | null | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PolicyAcknowledgementType> {
    return ctx.services.documents.acknowledge(ctx.actor, id, { version });
  }

  @Mutation(() => DocumentType, { description: 'Administrators only.' })
  createDocument(@Arg('input', () => DocumentInputType) input: DocumentInputType, @Ctx() ctx: GraphQLContext): Promise<DocumentType> {
    return ctx.services.documents.create(ctx.actor, { ...input }, ctx.meta);
  }

  @Mutation(() => DocumentType, { description: 'Administrators only. A policy whose description or url changes gets a new version.' })
  updateDocument(@Arg('id', () => Int) id: number, @Arg('input', () => DocumentInputType) input: DocumentInputType, @Ctx() ctx: GraphQLContext): Promise<DocumentType> {
    return ctx.services.documents.update(ctx.actor, id, { ...input }, ctx.meta);
  }

  @Mutation(() => Boolean, { description: 'Administrators only.' })
  async deleteDocument(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.services.documents.delete(ctx.actor, id, ctx.meta);
    return true;
  }

  @Mutation(() => DocumentLinksType, { description: 'Administrators only: replaces the roles that see the document.' })
  setDocumentRoles(@Arg('id', () => Int) id: number, @Arg('roleIds', () => [Int]) roleIds: number[], @Ctx() ctx: GraphQLContext): Promise<DocumentLinksType> {
    return ctx.services.documents.setRoles(ctx.actor, id, { role_ids: roleIds }, ctx.meta);
  }

  @Mutation(() => DocumentLinksType, { description: 'Administrators only: links the document to a checklist item (no-op when already linked).' })
  async linkDocumentToChecklistItem(@Arg('id', () => Int) id: number, @Arg('itemId', () => Int) itemId: number, @Ctx() ctx: GraphQLContext): Promise<DocumentLinksType> {
    return (await ctx.services.documents.linkItem(ctx.actor, id, itemId, ctx.meta)).links;
  }

  @Mutation(() => DocumentLinksType, { description: 'Administrators only: removes the link (NOT_FOUND when there is none).' })
  unlinkDocumentFromChecklistItem(@Arg('id', () => Int) id: number, @Arg('itemId', () => Int) itemId: number, @Ctx() ctx: GraphQLContext): Promise<DocumentLinksType> {
    return ctx.services.documents.unlinkItem(ctx.actor, id, itemId, ctx.meta);
  }
}
