export { usersRoutes } from './users.routes';
export { findUserByEmail, findUserById, getMe, toUserAnswer, type UserRow } from './users.service';
