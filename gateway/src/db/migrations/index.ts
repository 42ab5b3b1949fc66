import { CreateRoles1795310322576 } from './1795310322576-CreateRoles';
import { CreateAuth1795400000000 } from './1795400000000-CreateAuth';
import { CreateChecklist1795500000000 } from './1795500000000-CreateChecklist';
import { CreateJournal1795600000000 } from './1795600000000-CreateJournal';
import { CreateDocuments1795700000000 } from './1795700000000-CreateDocuments';
import { CreateMailOutbox1795800000000 } from './1795800000000-CreateMailOutbox';
import { UserManagerBuddy1795900000000 } from './1795900000000-UserManagerBuddy';
import { CreateInvitations1795910000000 } from './1795910000000-CreateInvitations';
import { CreateCompanySettings1795920000000 } from './1795920000000-CreateCompanySettings';
import { CreatePasswordResets1795930000000 } from './1795930000000-CreatePasswordResets';
import { BaseRoles1795940000000 } from './1795940000000-BaseRoles';
import { CreateSessions1795950000000 } from './1795950000000-CreateSessions';
import { LoginChallengeSecret1795960000000 } from './1795960000000-LoginChallengeSecret';
import { ChecklistItemOwners1795970000000 } from './1795970000000-ChecklistItemOwners';
import { CompanyCalendar1795980000000 } from './1795980000000-CompanyCalendar';
import { CreateNotifications1795990000000 } from './1795990000000-CreateNotifications';
import { RetentionIndexes1796000000000 } from './1796000000000-RetentionIndexes';
import { InvitationsKeepRoleName1796010000000 } from './1796010000000-InvitationsKeepRoleName';
import { RoleNamesUniqueAnyCase1796020000000 } from './1796020000000-RoleNamesUniqueAnyCase';

/**
 * Every migration, in order. Listed as classes rather than a glob so the same
 * code runs from src/ (swc, .ts) and dist/ (tsc, .js) without path tricks.
 */
export const migrations = [CreateRoles1795310322576, CreateAuth1795400000000, CreateChecklist1795500000000, CreateJournal1795600000000, CreateDocuments1795700000000, CreateMailOutbox1795800000000, UserManagerBuddy1795900000000, CreateInvitations1795910000000, CreateCompanySettings1795920000000, CreatePasswordResets1795930000000, BaseRoles1795940000000, CreateSessions1795950000000, LoginChallengeSecret1795960000000, ChecklistItemOwners1795970000000, CompanyCalendar1795980000000, CreateNotifications1795990000000, RetentionIndexes1796000000000, InvitationsKeepRoleName1796010000000, RoleNamesUniqueAnyCase1796020000000];
