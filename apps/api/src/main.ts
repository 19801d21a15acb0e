import { nextDay } from '@curbside/domain'; console.log(nextDay('2024-02-28'));
