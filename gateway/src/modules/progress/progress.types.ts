import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, InputType } from 'type-graphql';

/**
 * Both payload forms (docs/product.md#task-status) in one input. No rules
 * here on purpose: the service parses it with progress.schemas, so both doors
 * answer with the same messages.
 */
@InputType('TaskProgressInput')
export class TaskProgressInput {
  @Field(() => String, { nullable: true, description: "'complete' | 'completed' completes; 'pending' sets back (clears completed_at). Either status or completed." })
  status?: string | null;

  @Field(() => Boolean, { nullable: true })
  completed?: boolean | null;

  @Field(() => String, { nullable: true })
  note?: string | null;

  @Field(() => String, { nullable: true, description: 'Alias of note (the alternative payload).' })
  notes?: string | null;

  @Field(() => GraphQLDateTimeISO, { nullable: true })
  completed_at?: Date | null;
}
