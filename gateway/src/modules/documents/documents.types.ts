import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { SortOrder } from '../../shared/schemas';
import type { DocumentSort } from './documents.messages';

/*
 * The document library's shapes, declared once: DocumentsService returns these
 * classes, GraphQL exposes them and REST serialises the same objects
 * (snake_case as the product names them). Timestamps are Date objects, which
 * DateTimeISO and JSON both write as the same ISO 8601 text.
 */

// String enums whose keys are the GraphQL value names and whose values are what the service takes.
export const DocumentSortFieldEnum = { name: 'name', date: 'date', modified: 'modified', type: 'type' } as const satisfies Record<DocumentSort, DocumentSort>;
export const DocumentSortOrderEnum = { asc: 'asc', desc: 'desc' } as const satisfies Record<SortOrder, SortOrder>;

registerEnumType(DocumentSortFieldEnum, { name: 'DocumentSortField', description: 'name: title; date: created; modified: updated; type: document class.' });
registerEnumType(DocumentSortOrderEnum, { name: 'DocumentSortOrder', description: 'Default: asc for name and type, desc for date and modified.' });

@ObjectType('Document', { description: 'A document of the library, as the caller sees it.' })
export class DocumentType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  title!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true, description: "http(s) only; null when the document has no link yet ('No URL available for this document')." })
  url!: string | null;

  @Field(() => Int)
  document_class_id!: number;

  @Field(() => String)
  document_class_name!: string;

  @Field(() => GraphQLDateTimeISO)
  created_at!: Date;

  @Field(() => GraphQLDateTimeISO)
  updated_at!: Date;

  @Field(() => Boolean, { description: 'A company policy (the "special" documents), acknowledged per version.' })
  is_company_policy!: boolean;

  @Field(() => Boolean, { description: 'The caller has opened it.' })
  viewed!: boolean;
}

@ObjectType('DocumentPage', { description: 'The documents the caller may see, or one page of them when asked (GET /documents).' })
export class DocumentPageType {
  @Field(() => [DocumentType])
  data!: DocumentType[];

  @Field(() => Int, { description: 'Documents matching the filters, over all pages.' })
  total!: number;
}

@ObjectType('DocumentClass', { description: 'Policy, SOP, Training, Form, Template or Job Description.' })
export class DocumentClassType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;
}

@ObjectType('PolicyAcknowledgementRecord', { description: "A user's acknowledgement of one version of a policy." })
export class PolicyAcknowledgementRecordType {
  @Field(() => Int)
  version!: number;

  @Field(() => GraphQLDateTimeISO)
  acknowledged_at!: Date;
}

@ObjectType('CompanyPolicy', { description: 'A company policy the caller can see, with the caller\'s acknowledgement (GET /documents/special).' })
export class CompanyPolicyType extends DocumentType {
  @Field(() => Int, { description: 'The current version; an acknowledgement counts only for this version.' })
  version!: number;

  @Field(() => Boolean, { description: 'The caller acknowledged the current version.' })
  acknowledged!: boolean;

  @Field(() => PolicyAcknowledgementRecordType, { nullable: true, description: "The caller's latest acknowledgement of any version; null when never." })
  acknowledgement!: PolicyAcknowledgementRecordType | null;
}

@ObjectType('PolicyAcknowledgement', { description: 'The answer of acknowledgePolicy (POST /documents/{id}/acknowledge).' })
export class PolicyAcknowledgementType {
  @Field(() => Int)
  document_id!: number;

  @Field(() => Int)
  version!: number;

  @Field(() => GraphQLDateTimeISO)
  acknowledged_at!: Date;
}

@ObjectType('DocumentViewed', { description: 'The answer of markDocumentViewed (POST /documents/{id}/viewed).' })
export class DocumentViewedType {
  @Field(() => Int)
  document_id!: number;

  @Field(() => Boolean)
  viewed!: true;

  @Field(() => GraphQLDateTimeISO, { description: 'When the caller first opened it.' })
  viewed_at!: Date;
}

@ObjectType('DocumentLinks', { description: 'Which roles see a document and which checklist items link to it (administrators).' })
export class DocumentLinksType {
  @Field(() => Int)
  document_id!: number;

  @Field(() => [Int])
  role_ids!: number[];

  @Field(() => [Int])
  checklist_item_ids!: number[];
}

@ObjectType('PolicyPendingUser')
export class PolicyPendingUserType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  email!: string;

  @Field(() => Int)
  role_id!: number;
}

@ObjectType('PolicyAcknowledgementStatus', { description: 'One policy of the acknowledgement report.' })
export class PolicyAcknowledgementStatusType {
  @Field(() => Int)
  document_id!: number;

  @Field(() => String)
  title!: string;

  @Field(() => Int)
  version!: number;

  @Field(() => Int, { description: 'Active users of the roles that see the policy.' })
  audience_count!: number;

  @Field(() => Int)
  acknowledged_count!: number;

  @Field(() => Int)
  pending_count!: number;

  @Field(() => [PolicyPendingUserType], { description: 'Who has not acknowledged the current version, by name (at most `limit`).' })
  pending_users!: PolicyPendingUserType[];
}

@InputType('DocumentInput', {
  description: 'Title required (at most 200 characters). url: http or https only. On update, fields left out keep their value; null clears description or url.',
})
export class DocumentInputType {
  @Field(() => String)
  title!: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => String, { nullable: true })
  url?: string | null;

  @Field(() => Int, { nullable: true, description: 'Required when creating.' })
  document_class_id?: number | null;

  @Field(() => Boolean, { nullable: true })
  is_company_policy?: boolean | null;
}
