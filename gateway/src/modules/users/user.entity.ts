import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** bigint comes back from pg as a string; TOTP steps (~5.9e7 today) fit a JS number exactly. */
const bigintAsNumber = {
  to: (value: number | null): number | null => value,
  from: (value: string | null): number | null => (value === null ? null : Number(value)),
};

/**
 * The users table. Deliberately NOT the GraphQL type: it holds the password
 * hash and the encrypted TOTP secret, which must never reach a client. The
 * public shape is UserType (user.type.ts), the `User` of both doors.
 */
@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT', primaryKeyConstraintName: 'pk_users' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ name: 'role_id', type: 'integer' })
  roleId!: number;

  /** A calendar date (YYYY-MM-DD); pg returns `date` as a string, which is what clients get. */
  @Column({ name: 'start_date', type: 'date' })
  startDate!: string;

  /** The hire's manager and buddy (docs/product.md#admin): other users, null when none. */
  @Column({ name: 'manager_id', type: 'integer', nullable: true })
  managerId!: number | null;

  @Column({ name: 'buddy_id', type: 'integer', nullable: true })
  buddyId!: number | null;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt!: Date | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ name: 'two_factor_secret', type: 'text', nullable: true })
  twoFactorSecret!: string | null;

  @Column({ name: 'two_factor_enabled', type: 'boolean', default: false })
  twoFactorEnabled!: boolean;

  @Column({ name: 'last_totp_step', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  lastTotpStep!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
