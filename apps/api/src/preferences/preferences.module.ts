import { Module } from '@nestjs/common';
import { PreferencesController } from './preferences.controller';

/** Communication preferences: read (operation 9) and update (operation 10). */
@Module({ controllers: [PreferencesController] })
export class PreferencesModule {}
