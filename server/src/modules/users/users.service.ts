import type { Db } from '../../db/database.ts';
import { createUsersRepo, type UsersRepo } from './users.repo.ts';

/**
 * The users module's face to the rest of the server: auth, account, e-mail change,
 * subscriptions and SSO read and write users only through this (issue 17).
 */
export type Users = UsersRepo;

export function createUsers(db: Db): Users {
  return createUsersRepo(db);
}
