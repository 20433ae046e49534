import { fromPromise } from 'xstate'
import { usersPageMachine } from '../../../../machines/admin/users-page.machine'
import { createStaff } from '../../../api/auth'
import { deleteUser, listUsers, updateUser } from '../../../api/users'

/** The Users screen's machine with its real I/O. */
export const liveUsersPageMachine = usersPageMachine.provide({
  actors: {
    fetchUsers: fromPromise(({ input }) => listUsers(input)),
    createUser: fromPromise(({ input }) => createStaff(input)),
    updateUser: fromPromise(({ input }) => updateUser(input.id, input.payload)),
    deleteUser: fromPromise(({ input }) => deleteUser(input)),
  },
})
