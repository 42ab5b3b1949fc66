import { Field, Int, ObjectType, type ClassType } from 'type-graphql';

/**
 * The fields of one page of a list: `data`, `total` (matches over all pages),
 * `page` and `limit` as asked. A module declares its page once as
 * `@ObjectType('XPage') class XPageType extends PageOf(XType) {}`, so the
 * GraphQL type and the REST schema (shared/schemas.ts reads inherited fields)
 * keep their names and field order.
 */
export function PageOf<T extends object>(item: ClassType<T>) {
  @ObjectType()
  abstract class Page {
    @Field(() => [item])
    data!: T[];

    @Field(() => Int)
    total!: number;

    @Field(() => Int)
    page!: number;

    @Field(() => Int)
    limit!: number;
  }
  return Page;
}
