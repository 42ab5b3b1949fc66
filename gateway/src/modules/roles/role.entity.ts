import { Field, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One class for the table and the GraphQL type: the shapes agree, and the
 * timestamps simply have no @Field, so they stay out of the public contract.
 */
@ObjectType('Role', { description: 'A job role. role_id 4 (SysAdmin) is the administrator role.' })
@Entity({ name: 'roles' })
export class Role {
  @Field(() => Int)
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT', primaryKeyConstraintName: 'pk_roles' })
  id!: number;

  @Field(() => String)
  @Column({ type: 'varchar', length: 100, unique: true })
  name!: string;

  @Field(() => String, { nullable: true })
  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
